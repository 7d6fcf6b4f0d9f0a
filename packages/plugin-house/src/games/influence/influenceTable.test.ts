import { afterAll, expect, test } from 'bun:test';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { HouseService } from '../../houseService.ts';
import { silentGateway } from '../../roomGateway.ts';
import { fakeRuntime } from '../../testing/fakeRuntime.ts';
import { InfluenceTable } from './influenceTable.ts';

/**
 * Influence's own part of a match (DM rooms, hand-ins, image checks) at real
 * House tables: each table holds its own, and a stopped match's part goes
 * with its table, so nothing of it stays in the process.
 */

const agents = ['Uma', 'Vic', 'Wes'].map((n) => fakeRuntime(n));
for (const agent of agents) registerPlayer(agent);
afterAll(() => {
  for (const agent of agents) unregisterPlayer(agent);
});

const room = (id: string) => ({ channelId: id, serverId: 'srv' });
const pat = { id: 'person-pat', name: 'Pat', room: room('pat-room') };
const lee = { id: 'person-lee', name: 'Lee', room: room('lee-room') };

function house(): HouseService {
  const service = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0', HOUSE_DECISION_DEADLINE_MS: '60000' }));
  service.gateway = silentGateway;
  return service;
}

async function waitingFor(h: HouseService, id: string, seat: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (h.liveMatch(id)?.waitingFor.includes(seat)) return;
    await Bun.sleep(10);
  }
  throw new Error(`${id} never waited for ${seat}`);
}

/** An Influence match of one person and the three agents, opened from the person's room, waiting for their WHISPER turn. */
async function seatedAt(h: HouseService, person: typeof pat, seed: number): Promise<string> {
  expect(await h.handleCommand({ kind: 'play', game: 'influence', players: ['me', 'Uma', 'Vic', 'Wes'], seed, options: {} }, person)).toStartWith('Influence match influence-');
  const id = h.openMatches().find((m) => m.players.some((p) => p.name === person.name))!.id;
  await waitingFor(h, id, person.name.toLowerCase());
  return id;
}

const stateAt = (h: HouseService, id: string): InfluenceTable => {
  const state = h.tables.get(id)?.gameState;
  if (!(state instanceof InfluenceTable)) throw new Error(`${id} has no Influence table`);
  return state;
};

test("two Influence tables keep their own part: a person's hand-in at one is not at the other", async () => {
  const h = house();
  const one = await seatedAt(h, pat, 1);
  const two = await seatedAt(h, lee, 2);
  expect(stateAt(h, one)).not.toBe(stateAt(h, two));
  expect(await h.handleCommand({ kind: 'game', verb: 'dm', args: ['@Uma', 'hello'], text: '@Uma hello' }, pat)).toStartWith('Your DM to Uma is delivered');
  expect([...stateAt(h, one).handedIn.keys()]).toEqual(['Pat']);
  expect([...stateAt(h, two).handedIn.keys()]).toEqual([]);
  expect(await h.handleCommand({ kind: 'game', verb: 'dm', args: ['@Vic', 'hi'], text: '@Vic hi' }, lee)).toStartWith('Your DM to Vic is delivered');
  expect([...stateAt(h, two).handedIn.keys()]).toEqual(['Lee']);
  expect(stateAt(h, one).handedIn.get('Pat')!.draft).toEqual({ whispers: [{ to: ['Uma'], text: 'hello' }] });
  await h.stopMatch(one);
  await h.stopMatch(two);
  await h.stop();
});

/**
 * The table is stopped as `!stop` stops it, but called directly: the desk's
 * command frame, done but still on the stack, may be found by the garbage
 * collector's conservative scan and keep the table a while longer.
 */
test("a stopped match's part goes with its table: once the table is retired nothing in the process holds it", async () => {
  const h = house();
  const id = await seatedAt(h, pat, 3);
  const part = new WeakRef(stateAt(h, id));
  expect(await h.handleCommand({ kind: 'game', verb: 'dm', args: ['@Uma', 'hello'], text: '@Uma hello' }, pat)).toStartWith('Your DM to Uma is delivered');
  expect(part.deref()!.handedIn.has('Pat')).toBe(true);
  await h.stopMatch(id);
  expect(await h.finished(id)).toMatchObject({ id, status: 'stopped' });
  expect(h.tables.has(id)).toBe(false);
  for (let i = 0; i < 50 && part.deref(); i++) {
    Bun.gc(true);
    await Bun.sleep(10);
  }
  expect(part.deref()).toBeUndefined();
  await h.stop();
}, 30_000);
