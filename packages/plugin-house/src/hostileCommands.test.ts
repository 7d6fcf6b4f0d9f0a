import { afterAll, expect, test } from 'bun:test';
import { parseConfig } from '@the-house/games/engine/config.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { games } from '@the-house/games/registry.ts';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { parseCommand } from './commands/parse.ts';
import { houseCommandTable } from './games/houseGames.ts';
import { HouseService } from './houseService.ts';
import { silentGateway } from './roomGateway.ts';
import { fakeRuntime } from './testing/fakeRuntime.ts';

/**
 * The House tried as a hostile person would (issue 13), end to end from the
 * typed text: every command gets a reply, nothing reaches Object's prototype,
 * and no match is left holding its table after it fails.
 */

const players = ['Ivo', 'Jana'].map((n) => fakeRuntime(n));
for (const p of players) registerPlayer(p);
afterAll(() => {
  for (const p of players) unregisterPlayer(p);
});

function house(gameTable?: Record<string, AnyGame>): { h: HouseService; errors: string[] } {
  const errors: string[] = [];
  const runtime = fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '60000', HOUSE_PLAYER_WAIT_MS: '0', HOUSE_DECISION_DEADLINE_MS: '200' });
  (runtime.logger as { error: (m: string) => void }).error = (m) => errors.push(m);
  const h = new HouseService(runtime, gameTable);
  h.gateway = silentGateway;
  return { h, errors };
}

async function say(h: HouseService, text: string, author = { id: 'person-1', name: 'Pat' }): Promise<string> {
  const parsed = parseCommand(text, houseCommandTable());
  if (!parsed) throw new Error(`not a command: ${text}`);
  return parsed.ok ? h.handleCommand(parsed.command, author, parsed.match) : parsed.error;
}

test('!play --set __proto__.polluted=yes pollutes nothing, from anyone; the next !play still works', async () => {
  const { h } = house();
  for (const set of ['__proto__.polluted=yes', 'constructor.prototype.polluted=yes', 'a.__proto__.polluted=yes', 'prototype=1']) {
    expect(await say(h, `!play trust Ivo,Jana --set ${set}`, { id: 'stranger', name: 'Mallory' })).toStartWith('--set key ');
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(await say(h, '!play trust Ivo,Jana --seed 2 --set maxRounds=2')).toStartWith('Trust match trust-2-');
  await h.stop();
});

test('!play constructor, __proto__ and toString get a reply: unknown game', async () => {
  const { h } = house();
  for (const name of ['constructor', '__proto__', 'toString']) expect(await say(h, `!play ${name}`)).toStartWith(`Unknown game '${name.toLowerCase()}'.`);
  await h.stop();
});

test('a person whose display name is __proto__ takes a seat under another name; the match plays and the table frees', async () => {
  const { h, errors } = house();
  const proto = { id: 'person-proto', name: '__proto__' };
  const opened = await say(h, '!play trust me,Ivo --seed 5 --set maxRounds=2', proto);
  expect(opened).toStartWith('Trust match trust-5-');
  const id = (await h.listMatches()).matches[0]!.id;
  await say(h, '!stop', proto);
  await h.finished(id);
  const detail = (await h.getMatch(id))!;
  expect(detail.summary.players.map((p) => p.name)).not.toContain('__proto__');
  expect(detail.summary.status).toBe('stopped');
  expect(errors).toEqual([]);
  expect(await say(h, '!play trust Ivo,Jana --seed 6 --set maxRounds=1')).toStartWith('Trust match trust-6-');
  await h.stop();
});

test('a match whose rules throw is stopped and says so, instead of staying running and holding its table', async () => {
  const broken: AnyGame = { ...games.trust!, apply: () => { throw new Error('rules exploded'); } };
  const { h, errors } = house({ ...games, trust: broken });
  expect(await say(h, '!play trust Ivo,Jana --seed 3')).toStartWith('Trust match trust-3-');
  const id = (await h.listMatches()).matches[0]!.id;
  const summary = await h.finished(id);
  expect(summary?.status).toBe('stopped');
  expect(errors.some((e) => e.includes('rules exploded'))).toBe(true);
  expect(await say(h, '!play cafe Ivo,Jana --seed 4')).not.toStartWith('This room already has');
  await h.stop();
});

test('--set begTimeoutMs=99999999999999 is refused with its bound (it overflowed the timer and gave the observer 1 ms)', async () => {
  const { h } = house();
  const reply = await say(h, '!play trust Ivo,Jana --set begTimeoutMs=99999999999999');
  expect(reply).toStartWith('bad trust config: begTimeoutMs: ');
  expect(reply).toContain('86400000');
  expect(parseConfig(games.influence!, { timers: { vote: 99999999999999 } })).toMatchObject({ ok: false, error: expect.stringMatching(/^bad influence config: timers.vote: /) });
  await h.stop();
});
