import { afterAll, expect, test } from 'bun:test';
import fc from 'fast-check';
import { registerPlayer, unregisterPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { parseCommand } from './commands/parse.ts';
import { houseCommandTable } from './games/houseGames.ts';
import { HouseService } from './houseService.ts';
import { silentGateway } from './roomGateway.ts';
import { fakeRuntime } from './testing/fakeRuntime.ts';
import type { CommandAuthor } from './types.ts';

/**
 * Every `!` command end to end through HouseService.handleCommand (issue 13):
 * random sessions of typed commands (each verb with random arguments and
 * flags, game verbs, `--match` references, garbage) from random people (odd
 * and reserved display names, unicode, several rooms) and from player agents.
 * Each command gets a reply, nothing throws, and no prototype gains a key.
 */

const SEED = 1313;
const BASE = Object.getOwnPropertyNames(Object.prototype).length;
const BASE_ARRAY = Object.getOwnPropertyNames(Array.prototype).length;
const table = houseCommandTable();

const players = ['Ivo', 'Jana', 'Kurt', 'Lena'].map((n) => fakeRuntime(n));
for (const p of players) registerPlayer(p);
afterAll(() => {
  for (const p of players) unregisterPlayer(p);
});

const names = fc.constantFrom('Ivo', 'Jana', 'Kurt', 'Lena', 'me', '@Ivo', 'Pat', '__proto__', 'constructor', 'Zoë', 'ghost');
const seat = fc.constantFrom('Ivo', 'Jana', 'Kurt', 'Lena', 'me');
const arg = fc.oneof({ weight: 6, arbitrary: names }, { weight: 2, arbitrary: fc.constantFrom('1', '5', '-3', '1e12', 'x', '{"action":"HIGH_FIVE","target":"Ivo"}', 'hf @Ivo', 'block', 'img:https://example.test/a.png') }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) });
const hostileFlag = fc.constantFrom(
  '--set __proto__.polluted=yes',
  '--set constructor.prototype.x=1',
  '--set begTimeoutMs=99999999999999',
  '--set timers.vote=1',
  '--delay 0',
  '--budget-tokens 10',
  '--history-rounds 1e12',
  '--match trust',
  '--match constructor',
  '--match __proto__',
  '--seed',
);
const flags = fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: hostileFlag });
const rounds: Record<string, string> = { trust: '--set maxRounds=2', cafe: '--set rounds=2', goldmine: '--set rounds=2 --set size=3', influence: '' };
const play = fc
  .tuple(fc.constantFrom('trust', 'cafe', 'goldmine', 'influence', 'trust', 'goldmine'), fc.uniqueArray(seat, { minLength: 0, maxLength: 4 }), fc.integer({ min: 1, max: 99 }), flags)
  .map(([game, who, seed, f]) => `!play ${game} ${who.join(',')} --seed ${seed} ${rounds[game]} ${f}`);
const bare = fc.tuple(fc.constantFrom('join', 'start', 'status', 'stop', 'done', 'view', 'games', 'help', 'resume', 'audit'), flags).map(([verb, f]) => `!${verb} ${f}`);
const move = fc.constantFrom(
  '!move hf @Ivo',
  '!move attack Jana',
  '!move block',
  '!move {"action":"BEG","amount":5,"reason":"please"}',
  '!move {"actions":[{"type":"claim","plot":1}]}',
  '!move {"market":[],"response":"a plan"}',
  '!move constructor',
  '!grant @Ivo 5 ok',
  '!grant @__proto__ 5 ok',
  '!decline @Jana no',
  '!dm @Ivo @Jana hi',
  '!dm @__proto__ hi',
  '!public hello',
  '!empower @Ivo',
  '!expose @constructor',
  '!eliminate @Kurt',
  '!protect @Ivo',
  '!last bye',
  '!name Pat',
  '!name __proto__',
  '!name Zoë',
);
const typed = fc.oneof(
  { weight: 4, arbitrary: play },
  { weight: 5, arbitrary: bare },
  { weight: 4, arbitrary: move },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...table.map((s) => s.verb)), fc.array(arg, { maxLength: 4 }), hostileFlag).map(([verb, args, f]) => `!${verb} ${args.join(' ')} ${f}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => `!${s}`) },
);
const author: fc.Arbitrary<CommandAuthor> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ id: 'person-1', name: 'Pat', room: { channelId: 'room-a', serverId: 's' } }) },
  { weight: 6, arbitrary: fc.record({ id: fc.constantFrom('person-1', 'person-2', 'person-3'), name: fc.oneof(fc.constantFrom('Pat', 'Mallory', '__proto__', 'constructor', 'prototype', '', 'user', 'a\u202Eb', 'x'.repeat(90), '山田', 'Ivo'), fc.string({ maxLength: 12 })), room: fc.option(fc.constantFrom({ channelId: 'room-a', serverId: 's' }, { channelId: 'room-b', serverId: 's' }), { nil: null }) }) },
  { weight: 1, arbitrary: fc.constantFrom(...players).map((p) => ({ id: p.agentId, name: p.character.name })) },
);

function house(): HouseService {
  const runtime = fakeRuntime('The House', { HOUSE_ROUND_DELAY_MS: '0', HOUSE_LOBBY_MS: '60000', HOUSE_PLAYER_WAIT_MS: '0', HOUSE_DECISION_DEADLINE_MS: '5', HOUSE_MAX_TABLES: '3' });
  const h = new HouseService(runtime);
  h.gateway = silentGateway;
  return h;
}

test('random sessions of typed commands: each gets a reply, nothing throws, no prototype changes', async () => {
  let commands = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(typed, author), { minLength: 1, maxLength: 8 }), async (session) => {
      const h = house();
      try {
        for (const [text, who] of session) {
          const parsed = parseCommand(text, table);
          if (!parsed) continue;
          commands++;
          const reply = parsed.ok ? await h.handleCommand(parsed.command, who, parsed.match) : parsed.error;
          expect(typeof reply).toBe('string');
          expect(reply.length).toBeGreaterThan(0);
          expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(BASE);
          expect(Object.getOwnPropertyNames(Array.prototype).length).toBe(BASE_ARRAY);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }
      } finally {
        await h.stop();
      }
    }),
    { seed: SEED, numRuns: 2500, endOnFailure: true },
  );
  expect(commands).toBeGreaterThan(9000);
}, 120_000);
