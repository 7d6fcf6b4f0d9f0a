import { afterAll, expect, test } from 'bun:test';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { parseCommand } from '../commands/parse.ts';
import { HouseService } from '../houseService.ts';
import { silentGateway } from '../roomGateway.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';

const players = ['Ivo', 'Jana'].map((n) => fakeRuntime(n));
for (const p of players) registerPlayer(p);
afterAll(() => {
  for (const p of players) unregisterPlayer(p);
});

const ADMIN = '00000000-0000-4000-8000-00000000a001';
const olive = { id: 'person-olive', name: 'Olive', private: true };
const mallory = { id: 'person-mal', name: 'Mallory', private: true };
const admin = { id: ADMIN, name: 'Ad', private: true };

function house(): HouseService {
  const service = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '60000', HOUSE_LOBBY_MS: '600000', HOUSE_ADMINS: ADMIN }));
  service.gateway = silentGateway;
  return service;
}

// Issue 33 (LOW): strangers filled another person's lobby with !join.
test("a lobby is its opener's: they and admins sit down; anyone else is told who may and how, unless the opener opened it to all", async () => {
  const h = house();
  const opened = await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 1, options: {} }, olive);
  expect(opened).toEndWith('Olive and House admins may !join (`!play trust --open` opens a lobby to anyone); it starts in 600 s or at !start.');
  const id = h.openMatches()[0]!.id;
  expect(await h.handleCommand({ kind: 'join' }, mallory)).toBe(`Only Olive, who opened ${id}, or a House admin may sit in its lobby; Olive may open a lobby to anyone with \`!play trust --open\`.`);
  expect(await h.handleCommand({ kind: 'join' }, admin)).toStartWith('Ad joins Trust as a person');
  expect(await h.handleCommand({ kind: 'join' }, olive)).toStartWith('Olive joins Trust as a person');
  expect(h.openMatches()[0]!.players.map((p) => p.name)).toEqual(['Ivo', 'Jana', 'Ad', 'Olive']);
  await h.stopMatch(id);
  await h.stop();
});

test('`!play GAME --open` opens a lobby anyone may join; --open with names is refused in one line', async () => {
  const parsed = parseCommand('!play trust --open');
  expect(parsed).toEqual({ ok: true, command: { kind: 'play', game: 'trust', players: [], options: {}, open: true } });
  const withNames = parseCommand('!play trust Ivo,Jana --open');
  expect(withNames?.ok).toBe(false);
  if (withNames && !withNames.ok) expect(withNames.error).toStartWith('`--open` opens a lobby to anyone');
  const h = house();
  const opened = await h.handleCommand({ kind: 'play', game: 'trust', players: [], seed: 2, options: {}, open: true }, olive);
  expect(opened).toContain('Anyone may !join');
  expect(await h.handleCommand({ kind: 'join' }, mallory)).toStartWith('Mallory joins Trust as a person');
  await h.stopMatch(h.openMatches()[0]!.id);
  await h.stop();
});
