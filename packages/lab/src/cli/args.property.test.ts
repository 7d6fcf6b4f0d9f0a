import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { applyOptionFlag, matchOptionsSchema } from '../seats/matchOptions.ts';
import { gameArg, intArg, strategiesArg } from './args.ts';
import { CliError } from './cliError.ts';
import { readJsonFile } from './readJsonFile.ts';
import { seatsArg } from './seatsArg.ts';

/**
 * The CLI's flags and files fuzzed in process (issue 13): game names, player
 * and strategy lists, whole-number flags, option flags and JSON files of any
 * text. Every refusal is a one-line CliError (or an error string for option
 * flags); whatever is accepted is within bounds and names only own entries.
 */

const SEED = 1313;
const BASE_NAMES = Object.getOwnPropertyNames(Object.prototype).length;
const word = fc.oneof(fc.constantFrom('trust', 'cafe', 'goldmine', 'influence', 'copycat', 'grudger', 'all', 'constructor', '__proto__', 'prototype', 'toString', 'model:gpt', 'model:__proto__', 'model:', '', ' ', '1e12', '0x10', '-0', '９'), fc.string({ maxLength: 12 }));

/** Runs `f`; a throw must be a one-line CliError. */
function oneLine<T>(f: () => T): T | null {
  try {
    return f();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message.split('\n')[0]!.length).toBeGreaterThan(0);
    return null;
  }
}

test('game names, strategy lists and seat lists: own entries only, or one line', () => {
  fc.assert(
    fc.property(word, fc.array(word, { maxLength: 5 }), (name, list) => {
      const game = oneLine(() => gameArg(name, 'usage'));
      if (game) expect(Object.hasOwn(games, name)).toBe(true);
      const target = game ?? games.trust!;
      const strategies = oneLine(() => strategiesArg(target, list.join(','), true));
      if (strategies) for (const s of strategies) expect(Object.values(target.strategies)).toContain(s);
      const seats = oneLine(() => seatsArg(target, list.join(','), { OPENAI_API_KEY: 'k' }));
      if (seats) for (const id of seats.ids) expect(['__proto__', 'constructor', 'prototype']).not.toContain(id);
      expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(BASE_NAMES);
    }),
    { seed: SEED, numRuns: 4000 },
  );
});

test('whole-number flags and option flags: accepted values are within their bounds', () => {
  const text = fc.oneof(word, fc.integer().map(String), fc.double().map(String), fc.bigInt().map(String));
  fc.assert(
    fc.property(text, fc.integer({ min: -5, max: 5 }), fc.integer({ min: 5, max: 1000 }), (raw, min, max) => {
      const n = oneLine(() => intArg(raw, 'n', 0, min, max));
      if (n !== null) expect(Number.isSafeInteger(n) && n >= min && n <= max && /^-?\d+$/.test(raw)).toBe(true);
    }),
    { seed: SEED, numRuns: 3000 },
  );
  fc.assert(
    fc.property(fc.constantFrom('--budget-tokens', '--budget-cost', '--player-budget-tokens', '--player-budget-cost', '--history-rounds', '--constructor', '__proto__', '--seed'), fc.option(text, { nil: undefined }), (flag, raw) => {
      const options: Record<string, unknown> = {};
      const error = applyOptionFlag(options, flag, raw);
      if (error) expect(error).not.toContain('\n');
      else expect(matchOptionsSchema.safeParse(options).success).toBe(true);
    }),
    { seed: SEED, numRuns: 2000 },
  );
});

test('JSON files of any text: parsed without reserved keys, or one line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'house-json-'));
  let n = 0;
  fc.assert(
    fc.property(fc.oneof(fc.json(), fc.string(), fc.jsonValue().map((v) => `{"__proto__": ${JSON.stringify(v) ?? 'null'}}`)), (text) => {
      const path = join(dir, `${n++ % 8}.json`);
      writeFileSync(path, text);
      const json = oneLine(() => readJsonFile(path, 'scenario'));
      if (json !== null && typeof json === 'object') expect(JSON.stringify(json)).not.toContain('"__proto__":');
    }),
    { seed: SEED, numRuns: 1000 },
  );
});
