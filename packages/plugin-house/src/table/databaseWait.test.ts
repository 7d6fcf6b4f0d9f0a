import { afterAll, expect, test } from 'bun:test';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { HouseService } from '../houseService.ts';
import type { RoomGateway } from '../roomGateway.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';

const players = ['Ivo', 'Jana'].map((n) => fakeRuntime(n));
for (const p of players) registerPlayer(p);
afterAll(() => {
  for (const p of players) unregisterPlayer(p);
});

/** Resolves once `check` holds (looked at every few ms; the bound only ends a test that would hang). */
async function until(check: () => boolean | Promise<boolean>, what: string, boundMs = 30_000): Promise<void> {
  const end = Date.now() + boundMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`never: ${what}`);
}

test("issue 33 (7): a match paused by a refused save tells its owner in their DM, probes the database, and goes on by itself once it answers, to its end", async () => {
  const runtime = fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0', HOUSE_SAVE_ATTEMPTS: '1', HOUSE_SAVE_BACKOFF_MS: '0', HOUSE_SAVE_PROBE_MS: '1' });
  let down = false;
  let probes = 0;
  const setCache = runtime.setCache.bind(runtime);
  Object.assign(runtime, {
    setCache: async (key: string, value: unknown) => {
      if (key === 'house:probe') probes++;
      return down ? false : setCache(key, value);
    },
  });
  const dm = { channelId: 'dm-olga', serverId: 's' };
  const posts: Array<{ room: string; text: string }> = [];
  const gateway: RoomGateway = {
    createRoom: async () => ({ channelId: 'game-room', serverId: 's' }),
    post: async (room, text) => void posts.push({ room: room.channelId, text }),
    isPrivateTo: async () => true,
  };
  const h = new HouseService(runtime);
  h.gateway = gateway;
  const olga = { id: 'person-olga', name: 'Olga', room: dm };
  await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], seed: 13, options: { roundDelayMs: 20 } }, olga);
  const id = h.openMatches()[0]!.id;
  await until(() => (h.liveMatch(id)?.history.length ?? 0) >= 2, 'two rounds played');
  down = true;
  await until(() => h.liveMatch(id)?.summary.status === 'paused', 'paused by the refused save');
  await until(() => probes >= 3, 'the database probed three times');
  const toOlga = () => posts.filter((p) => p.room === 'dm-olga').map((p) => p.text);
  expect(toOlga().filter((t) => t.includes('database'))).toEqual([`Match ${id} is paused: the House's database refused to save it. It goes on by itself once the database answers again (or try !resume ${id}).`]);
  expect(h.liveMatch(id)!.summary.status).toBe('paused');
  down = false;
  await until(() => h.liveMatch(id)?.summary.status !== 'paused', 'goes on once the database answers');
  expect((await h.finished(id))?.status).toBe('finished');
  const back = toOlga().filter((t) => t.startsWith("The House's database answers again"));
  expect(back).toHaveLength(1);
  expect(back[0]).toMatch(new RegExp(`^The House's database answers again: match ${id} goes on at round \\d+\\.$`));
  expect(posts.filter((p) => p.room === 'game-room' && p.text === back[0])).toHaveLength(1);
  await h.stop();
});

test('a !stop while the match waits for the database ends the wait: nothing is probed after it', async () => {
  const runtime = fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0', HOUSE_SAVE_ATTEMPTS: '1', HOUSE_SAVE_BACKOFF_MS: '0', HOUSE_SAVE_PROBE_MS: '1' });
  let probes = 0;
  let down = false;
  const setCache = runtime.setCache.bind(runtime);
  Object.assign(runtime, { setCache: async (key: string, value: unknown) => (key === 'house:probe' && probes++, down ? false : setCache(key, value)) });
  const h = new HouseService(runtime);
  h.gateway = { createRoom: async () => null, post: async () => {} };
  await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], seed: 14, options: { roundDelayMs: 20 } }, { id: 'p', name: 'Pia' });
  const id = h.openMatches()[0]!.id;
  down = true;
  await until(() => probes >= 1, 'probed once');
  await h.stopMatch(id);
  const after = probes;
  for (let i = 0; i < 200; i++) await new Promise((resolve) => setTimeout(resolve, 1));
  expect(probes).toBe(after);
  await h.stop();
});
