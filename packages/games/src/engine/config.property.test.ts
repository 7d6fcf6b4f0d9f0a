import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { games } from '../registry.ts';
import { parseConfig } from './config.ts';
import { replay } from './replay.ts';
import { jsonKeyProblem } from './safeKey.ts';
import { ONE_DAY_MS } from './timerBounds.ts';

/**
 * Config objects and replay scenarios from outside (issue 13), fuzzed: random
 * JSON, deep nesting, huge and odd numbers, odd strings, reserved keys. Each
 * is accepted within its bounds or refused in one line; nothing throws and
 * nothing reaches Object's prototype.
 */

const SEED = 1313;
const BASE_NAMES = Object.getOwnPropertyNames(Object.prototype).length;
const untouched = () => expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(BASE_NAMES);

const oddNumber = fc.oneof(fc.double(), fc.constantFrom(0, -0, 1e12, 99999999999999, 2 ** 31, 2 ** 53, -1, 1e308, Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity), fc.integer());
const oddValue = fc.oneof(oddNumber, fc.string({ maxLength: 20 }), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('8/12', '1/1', 'gradient', 'spawn', 'wary', 'true'));
const reservedKey = fc.constantFrom('__proto__', 'constructor', 'prototype');

/** A config as a person or a file may give it: the game's own keys (and nested timers/shocks) with odd values, unknown and reserved keys, built the way JSON.parse builds them. */
function configFor(keys: string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }, { weight: 1, arbitrary: reservedKey });
  const nested = fc.dictionary(fc.oneof(fc.constantFrom('whisper', 'rumor', 'vote', 'power', 'reveal', 'chance', 'size', 'synergy', 'streak'), reservedKey), oddValue, { maxKeys: 4 });
  const entries = fc.array(fc.tuple(key, fc.oneof({ weight: 4, arbitrary: oddValue }, { weight: 1, arbitrary: nested })), { maxLength: 6 });
  return fc.oneof({ weight: 8, arbitrary: entries.map((list) => JSON.parse(`{${list.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`) as unknown) }, { weight: 1, arbitrary: fc.jsonValue() });
}

const timersWithin = (value: unknown): void => {
  const v = value as { begTimeoutMs?: number; timers?: Record<string, number> };
  if (v.begTimeoutMs !== undefined) expect(v.begTimeoutMs).toBeLessThanOrEqual(ONE_DAY_MS);
  for (const ms of Object.values(v.timers ?? {})) expect(ms).toBeLessThanOrEqual(ONE_DAY_MS);
};

test('every game config: accepted within bounds (timers at most a day) or refused in one line', () => {
  for (const game of Object.values(games)) {
    const keys = Object.keys((game.configSchema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
    fc.assert(
      fc.property(configFor(keys), (raw) => {
        const parsed = parseConfig(game, raw);
        if (parsed.ok) {
          timersWithin(parsed.value);
          expect(Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
          for (const [k, v] of Object.entries(parsed.value as Record<string, unknown>)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true), expect(keys).toContain(k);
        } else expect(parsed.error).not.toContain('\n');
        untouched();
      }),
      { seed: SEED, numRuns: 2500 },
    );
  }
});

const playerId = fc.oneof({ weight: 20, arbitrary: fc.constantFrom('a', 'b', 'c', 'd', 'e') }, { weight: 1, arbitrary: fc.string({ maxLength: 70 }) }, { weight: 1, arbitrary: reservedKey });
const decisionsOf = fc.dictionary(playerId, fc.oneof({ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) }, { weight: 4, arbitrary: fc.constantFrom({ action: 'HIGH_FIVE', target: 'b' }, { action: 'ATTACK', target: 'a' }, { action: 'BEG', amount: 5, reason: 'x' }, { market: [], response: 'ok' }, { actions: [{ type: 'claim', plot: 1 }] }, { whispers: [{ to: ['b'], text: 'hi' }] }, { empower: 'b', expose: 'c' }) }), { maxKeys: 5 });
const roundOf = fc.dictionary(fc.oneof({ weight: 12, arbitrary: fc.constantFrom('decisions', 'observer', 'judge', 'power') }, { weight: 1, arbitrary: reservedKey }), fc.oneof({ weight: 8, arbitrary: decisionsOf }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }), { maxKeys: 3 });

/** A scenario: a real or odd game, odd seeds and players, rounds of random decisions (some under reserved keys), as JSON text parsed back. */
const scenario = fc
  .record(
    {
      game: fc.oneof({ weight: 12, arbitrary: fc.constantFrom('trust', 'cafe', 'goldmine', 'influence') }, { weight: 1, arbitrary: fc.constantFrom('constructor', '__proto__', 'toString', 'chess', '') }),
      seed: fc.oneof({ weight: 8, arbitrary: fc.integer() }, { weight: 1, arbitrary: oddNumber }),
      config: fc.oneof({ weight: 12, arbitrary: fc.constant({}) }, { weight: 4, arbitrary: fc.constantFrom({ maxRounds: 3 }, { rounds: 2 }, { rounds: 3, size: 3 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }),
      players: fc.oneof({ weight: 8, arbitrary: fc.uniqueArray(playerId, { minLength: 2, maxLength: 5 }) }, { weight: 4, arbitrary: fc.constantFrom(['a', 'b', 'c', 'd'], ['a', 'b']) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }),
      rounds: fc.array(roundOf, { maxLength: 6 }),
    },
    { requiredKeys: ['game', 'players'] },
  )
  .map((s) => JSON.parse(JSON.stringify(s)) as unknown);

test('replay: any scenario gives rounds or one line, never a throw; reserved keys and ids are refused', () => {
  fc.assert(
    fc.property(fc.oneof({ weight: 9, arbitrary: scenario }, { weight: 1, arbitrary: fc.jsonValue() }), (raw) => {
      const result = replay(games, raw);
      if (jsonKeyProblem(raw)) expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).not.toContain('\n');
      else for (const round of result.value.rounds) expect(Object.getPrototypeOf(round.players)).toBe(Object.prototype);
      untouched();
    }),
    { seed: SEED, numRuns: 3000 },
  );
});
