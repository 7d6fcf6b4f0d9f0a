import { afterAll, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import type { PhaseContext } from '../games/houseGame.ts';
import { trustAdapter } from '../games/trust/trustAdapter.ts';
import { HouseService } from '../houseService.ts';
import { ObserverDesk } from '../observerDesk.ts';
import { silentGateway } from '../roomGateway.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';

const players = ['Ivo', 'Jana'].map((n) => fakeRuntime(n));
for (const p of players) registerPlayer(p);
afterAll(() => {
  for (const p of players) unregisterPlayer(p);
});

const ADMIN = '00000000-0000-4000-8000-00000000a001';
const olive = { id: 'person-olive', name: 'Olive', private: true };
const admin = { id: ADMIN, name: 'Ad', private: true };

function house(): HouseService {
  const service = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '60000', HOUSE_LOBBY_MS: '60000', HOUSE_ADMINS: ADMIN }));
  service.gateway = silentGateway;
  return service;
}

// RULES T-c (issue 33, finding 8): with its opener in a seat, no person observes; an admin who holds no seat may not answer for them.
test('a seated opener: nobody, admin included, may !grant or !decline; the refusal says the policy answers', async () => {
  const h = house();
  expect(await h.handleCommand({ kind: 'play', game: 'trust', players: ['me', 'Ivo'], seed: 3, options: {} }, olive)).toStartWith('Trust match trust-3-');
  const table = [...h.tables.values()][0]!;
  const asking = table.observer.ask([{ player: 'Ivo', amount: 5, reason: 'bread', round: 1, deadline: Date.now() + 60_000 }], Date.now() + 60_000, table.abort.signal);
  const refusal = `Nobody answers the begs of ${table.id} (RULES T-c): Olive, who opened it, sits in it, so the game's decline policy answers them.`;
  expect(await h.handleCommand({ kind: 'grant', player: 'Ivo', amount: 5, reason: 'sure' }, admin, table.id)).toBe(refusal);
  expect(await h.handleCommand({ kind: 'decline', player: 'Ivo', reason: 'no' }, admin, table.id)).toBe(refusal);
  expect(await h.handleCommand({ kind: 'grant', player: 'Ivo', amount: 5, reason: 'sure' }, olive, table.id)).toBe(refusal);
  expect(table.observer.pending()).toHaveLength(1);
  await h.stop();
  expect((await asking).answers).toEqual({});
});

test('an admin may answer the begs of a match whose opener watches it (the observers are its opener and the admins)', async () => {
  const h = house();
  await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], seed: 4, options: {} }, olive);
  const table = [...h.tables.values()][0]!;
  const asking = table.observer.ask([{ player: 'Ivo', amount: 5, reason: 'bread', round: 1, deadline: Date.now() + 60_000 }], Date.now() + 60_000, table.abort.signal);
  expect(await h.handleCommand({ kind: 'grant', player: 'Ivo', amount: 3, reason: 'x' }, admin, table.id)).toBe('Granted 3 sats to Ivo: x. They will be told.');
  expect((await asking).answers).toEqual({ Ivo: { amount: 3, reason: 'x' } });
  await h.stop();
});

test("the Trust adapter leaves an unobserved match's begs to the policy at once: nobody is asked, nothing waits", async () => {
  const match = Match.create(trustGame, { missChance: 0 }, 1, ['Ada', 'Bram']);
  const room: string[] = [];
  const told: string[] = [];
  const observer = new ObserverDesk();
  const ctx = {
    matchId: 'm',
    match,
    say: async (text: string) => void room.push(text),
    tellObserver: async (text: string) => void told.push(text),
    observer,
    unobserved: true,
    signal: new AbortController().signal,
    // A beg timeout of a day: were the House to wait for an answer, this test would never end.
    setting: (key: string, fallback: number) => (key === 'HOUSE_BEG_TIMEOUT_MS' ? 86_400_000 : fallback),
  } as unknown as PhaseContext;
  expect(await trustAdapter.external!(ctx, { Ada: { action: 'BEG', amount: 9, reason: 'roof' }, Bram: { action: 'BLOCK' } })).toEqual({ observer: {} });
  expect(told).toEqual([]);
  expect(observer.pending()).toEqual([]);
});
