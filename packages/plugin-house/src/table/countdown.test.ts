import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { games } from '@the-house/games/registry.ts';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { HouseService } from '../houseService.ts';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import { countDown, countdownMs, roundPauseMs } from './countdown.ts';

const owner = { id: 'p', name: 'Pat' };
const trust = games.trust!;

describe('the countdown before a watched match', () => {
  test('a match a person opened counts down; one with no opener or at full speed does not', () => {
    expect(countdownMs({ owner }, 3500, 10_000)).toBe(10_000);
    expect(countdownMs({ owner: null }, 3500, 10_000)).toBe(0);
    expect(countdownMs({ owner }, 0, 10_000)).toBe(0);
  });

  test('the pause is the match\'s own (--fast is 0), else the House\'s for its game', () => {
    const settings = { roundDelayMs: () => 3500 };
    expect(roundPauseMs({ options: { budget: {}, historyRounds: 12 } }, settings, trust)).toBe(3500);
    expect(roundPauseMs({ options: { budget: {}, historyRounds: 12, roundDelayMs: 0 } }, settings, trust)).toBe(0);
  });

  test('one line in the room, then the wait; nothing at all for none', async () => {
    const done: string[] = [];
    const say = async (text: string) => void done.push(`say ${text}`);
    const wait = async (ms: number) => void done.push(`wait ${ms}`);
    await countDown(10_000, say, wait);
    expect(done).toEqual(['say Starting in 10 s…', 'wait 10000']);
    done.length = 0;
    await countDown(0, say, wait);
    expect(done).toEqual([]);
  });
});

describe('at a House table', () => {
  const players = ['Ivo', 'Jana'].map((n) => fakeRuntime(n));
  beforeAll(() => players.forEach((p) => registerPlayer(p)));
  afterAll(() => players.forEach((p) => unregisterPlayer(p)));
  const pat = { id: 'person-pat', name: 'Pat', room: { channelId: 'pat-dm', serverId: 'srv' } };

  function house(settings: Record<string, string>): { h: HouseService; posts: string[] } {
    const posts: string[] = [];
    const h = new HouseService(fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '50', HOUSE_COUNTDOWN_MS: '60000', ...settings }));
    h.gateway = { createRoom: async () => ({ channelId: 'room', serverId: 'srv' }), post: async (room, text) => void (room.channelId === 'room' && posts.push(text)) };
    return { h, posts };
  }

  test('a match a person opens says its countdown in its room after the rules and plays no round during it; !stop ends it there', async () => {
    const { h, posts } = house({});
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], seed: 31, options: {} }, pat);
    const id = h.openMatches()[0]!.id;
    while (!posts.includes('Starting in 60 s…')) await Bun.sleep(5);
    expect(posts.findIndex((t) => t.startsWith('Trust begins'))).toBe(posts.indexOf('Starting in 60 s…') - 1);
    expect(h.liveMatch(id)!.history).toHaveLength(0);
    expect(await h.handleCommand({ kind: 'stop' }, pat)).toStartWith(`Match ${id} stopped at round 1.`);
    await h.finished(id);
    expect(posts.filter((t) => /^Round \d/.test(t))).toEqual([]);
    expect(posts.at(-1)).toStartWith(`Match ${id} was stopped at round 1 by Pat`);
    await h.stop();
  });

  test('--fast (no pause between rounds) starts at once: no countdown, and the match plays to its end', async () => {
    const { h, posts } = house({});
    await h.handleCommand({ kind: 'play', game: 'trust', players: ['Ivo', 'Jana'], seed: 32, options: { roundDelayMs: 0 }, config: { maxRounds: 3 } }, pat);
    const id = h.openMatches()[0]!.id;
    expect((await h.finished(id))?.status).toBe('finished');
    expect(posts.some((t) => t.startsWith('Starting in'))).toBe(false);
    await h.stop();
  });
});
