import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { restoreRepeats, shareRepeats } from './sharedValues.ts';

/** A JSON value built from a pool of parts, so that some parts sit in it more than once (the same object). */
const withRepeats = fc
  .tuple(fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 6 }), fc.array(fc.tuple(fc.nat(), fc.string({ maxLength: 6 })), { maxLength: 30 }))
  .map(([pool, picks]) => {
    const parts = pool.map((p) => (typeof p === 'object' && p !== null ? p : { leaf: p }));
    const list = picks.map(([i]) => parts[i % parts.length]!);
    const record: Record<string, unknown> = {};
    for (const [i, key] of picks) Object.defineProperty(record, key, { value: parts[(i + 1) % parts.length], enumerable: true, writable: true, configurable: true });
    return { list, record, nested: { list } };
  });

test('a value with repeated parts reads back equal through JSON, with each repeated part one object again', () => {
  fc.assert(
    fc.property(withRepeats, (value) => {
      const shared = shareRepeats(value);
      const plain = JSON.parse(JSON.stringify(value));
      if (!shared) return expect(JSON.stringify(value)).toBe(JSON.stringify(plain));
      const restored = restoreRepeats(JSON.parse(JSON.stringify(shared)));
      expect(restored).not.toBeNull();
      expect(JSON.stringify(restored!.value)).toBe(JSON.stringify(value));
      const back = restored!.value as typeof value;
      for (let i = 0; i < value.list.length; i++) for (let j = 0; j < value.list.length; j++) expect(back.list[i] === back.list[j]).toBe(value.list[i] === value.list[j]);
      expect(back.nested.list).toBe(back.list);
    }),
    { numRuns: 300 },
  );
});

test('nothing repeated, an object of its own with the key `#`, or a cycle: null, and the caller keeps the value as it is', () => {
  expect(shareRepeats({ a: [1, 2], b: { c: 'd' } })).toBeNull();
  const part = { x: 1 };
  expect(shareRepeats({ a: part, b: part, c: { '#': 0 } })).toBeNull();
  const cycle: Record<string, unknown> = { part };
  cycle.self = cycle;
  expect(shareRepeats({ a: part, cycle })).toBeNull();
  expect(shareRepeats({ a: part, b: part })).toEqual({ table: [{ x: 1 }], root: { a: { '#': 0 }, b: { '#': 0 } } });
});

test('a stand-in that names no earlier part, or a value that is not one, does not read back', () => {
  expect(restoreRepeats({ table: [{ x: { '#': 0 } }], root: { '#': 0 } })).toBeNull();
  expect(restoreRepeats({ table: [], root: { '#': 1 } })).toBeNull();
  expect(restoreRepeats({ table: [{ x: 1 }], root: { '#': 0.5 } })).toBeNull();
  expect(restoreRepeats({ root: 1 })).toBeNull();
  expect(restoreRepeats(null)).toBeNull();
  expect(restoreRepeats({ table: [{ x: 1 }], root: { a: { '#': 0 }, b: { '#': 0, y: 2 } } })).toEqual({ value: { a: { x: 1 }, b: { '#': 0, y: 2 } } });
});
