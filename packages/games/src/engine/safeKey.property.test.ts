import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { games } from '../registry.ts';
import { checkPlayers } from './config.ts';
import { idProblem, jsonKeyProblem, MAX_ID_LENGTH, nullRecord, ownValue, RESERVED_KEYS } from './safeKey.ts';

/**
 * Ids and names from outside (issue 13), fuzzed: any string, the three
 * reserved keys, unicode, controls and bidi marks, long ones. A guarded id
 * is safe to key any plain object with; nothing ever reaches a prototype.
 */

const SEED = 1313;
const reserved = fc.constantFrom(...RESERVED_KEYS);
/** Strings people and files actually send: printable text, any unicode, the reserved keys, prototype names, controls and lengths around the limit. */
const outsideString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  reserved,
  fc.constantFrom('toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf', 'me', 'Ada', 'Zoë', '山田', '👩‍🚀', 'a\u202Eb', 'x\u0000', ' ', ''),
  fc.string({ minLength: MAX_ID_LENGTH - 1, maxLength: MAX_ID_LENGTH + 2 }),
);

function prototypesUntouched(): void {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(BASE_NAMES);
}
const BASE_NAMES = Object.getOwnPropertyNames(Object.prototype).length;

test('idProblem: never throws; reserved, empty, unprintable and over-long ids refused; an accepted id keys a plain object as an own field', () => {
  fc.assert(
    fc.property(outsideString, (id) => {
      const problem = idProblem(id, 'id');
      if (RESERVED_KEYS.has(id) || id.trim() === '' || [...id].length > MAX_ID_LENGTH || /[\p{Cc}\p{Cs}]/u.test(id)) expect(problem).not.toBeNull();
      if (problem !== null) {
        expect(problem).not.toContain('\n');
        return;
      }
      const table: Record<string, number> = {};
      table[id] = 1;
      expect(Object.hasOwn(table, id)).toBe(true);
      expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
      expect(ownValue(table, id)).toBe(1);
    }),
    { seed: SEED, numRuns: 4000 },
  );
  prototypesUntouched();
});

test('ownValue and nullRecord: no outside key ever finds or replaces a prototype', () => {
  fc.assert(
    fc.property(outsideString, fc.integer(), (key, value) => {
      expect(ownValue(games, key)).toBe(Object.hasOwn(games, key) ? games[key] : undefined);
      const record = nullRecord([[key, value]]);
      expect(record[key]).toBe(value);
      // It inherits nothing: its one prototype is empty, frozen and has none of its own.
      const proto = Object.getPrototypeOf(record) as object;
      expect(Object.getPrototypeOf(proto)).toBeNull();
      expect(Object.isFrozen(proto) && Reflect.ownKeys(proto).length === 0).toBe(true);
      for (const name of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf']) if (name !== key) expect(record[name]).toBeUndefined();
    }),
    { seed: SEED, numRuns: 2000 },
  );
  prototypesUntouched();
});

test('jsonKeyProblem: finds a reserved key at any depth of parsed JSON; never throws on deep nesting', () => {
  const withReserved = fc.tuple(fc.jsonValue({ maxDepth: 4 }), reserved, fc.integer({ min: 0, max: 6 })).map(([value, key, depth]) => {
    let text = `{${JSON.stringify(key)}: ${JSON.stringify(value) ?? 'null'}}`;
    for (let i = 0; i < depth; i++) text = i % 2 ? `[1, ${text}]` : `{"k${i}": ${text}}`;
    return JSON.parse(text) as unknown;
  });
  fc.assert(
    fc.property(withReserved, (json) => {
      expect(jsonKeyProblem(json)).toMatch(/^has the reserved key '(__proto__|constructor|prototype)' at /);
    }),
    { seed: SEED, numRuns: 1000 },
  );
  fc.assert(
    fc.property(fc.jsonValue(), (json) => {
      const problem = jsonKeyProblem(json);
      if (problem) expect(problem).toMatch(/^(has the reserved key|nests deeper)/);
    }),
    { seed: SEED, numRuns: 1000 },
  );
  fc.assert(
    fc.property(fc.integer({ min: 65, max: 5000 }), (depth) => {
      const deep = JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
      expect(jsonKeyProblem(deep)).toStartWith('nests deeper than 64 levels');
    }),
    { seed: SEED, numRuns: 50 },
  );
  prototypesUntouched();
});

test('checkPlayers: any list of outside ids gets one line or null, and null only for ids that are safe keys', () => {
  fc.assert(
    fc.property(fc.constantFrom(...Object.values(games)), fc.array(outsideString, { maxLength: 14 }), (game, ids) => {
      const error = checkPlayers(game, ids);
      if (error === null) for (const id of ids) expect(idProblem(id, 'id')).toBeNull();
      else expect(error).not.toContain('\n');
    }),
    { seed: SEED, numRuns: 2000 },
  );
  prototypesUntouched();
});
