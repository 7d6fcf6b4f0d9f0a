import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import { entrantKey } from './entrantKey.ts';
import { EntrantStore } from './entrantStore.ts';
import { parseEnter } from './parseEnter.ts';

const SEED = 3333;
const letters = 'abcdefghijklmnopqrstuvwxyz';
const base = fc.tuple(fc.constantFrom(...letters), fc.array(fc.constantFrom(...`${letters}0123456789`), { minLength: 1, maxLength: 10 })).map(([h, t]) => `${h}${t.join('')}`);

/** The same name in another form: each letter's case flipped at will, separators put in or taken out between letters. */
const variantOf = (name: string) =>
  fc.array(fc.tuple(fc.boolean(), fc.constantFrom('', '', '-', '_', '.')), { minLength: name.length, maxLength: name.length }).map((choices) =>
    name
      .split('')
      .map((c, i) => `${choices[i]![0] ? c.toUpperCase() : c}${i < name.length - 1 ? choices[i]![1] : ''}`)
      .join(''),
  );

/** Entrant names in every form fold to one key: a second owner's variant is refused, and every lookup finds the first entrant. */
test('any spelling of a taken name (case, separators) is the same entrant', async () => {
  await fc.assert(
    fc.asyncProperty(base.chain((name) => fc.tuple(fc.constant(name), variantOf(name))), async ([name, variant]) => {
      expect(entrantKey(variant)).toBe(entrantKey(name));
      const store = new EntrantStore(fakeRuntime('The House'));
      expect(await store.put({ name, kind: 'mcp', url: null, owner: { id: 'a', name: 'A' }, createdAt: 1 }, () => true, false)).toBeNull();
      expect(await store.put({ name: variant, kind: 'mcp', url: null, owner: { id: 'b', name: 'B' }, createdAt: 2 }, (e) => e.owner.id === 'b', false)).toContain("someone else's entrant");
      expect((await store.find(variant))?.name).toBe(name);
      expect(await store.list()).toHaveLength(1);
    }),
    { seed: SEED, numRuns: 300 },
  );
});

/** Names Object.prototype holds, in any case, are refused where a person types them, in one line. */
test('prototype names and look-alike letters', () => {
  for (const name of ['constructor', '__proto__', 'prototype', 'Constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
    const parsed = parseEnter([name, 'mcp']);
    if (['constructor', '__proto__', 'prototype'].includes(name)) {
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).not.toContain('\n');
    } else expect(parsed.ok).toBe(true);
  }
  fc.assert(
    fc.property(fc.string({ maxLength: 40 }), (name) => {
      const parsed = parseEnter([name, 'mcp']);
      if (parsed.ok) expect(entrantKey(parsed.value.name)).toMatch(/^[a-z0-9]+$/);
      else expect(parsed.error).not.toContain('\n');
    }),
    { seed: SEED, numRuns: 2_000 },
  );
  // A Cyrillic а is not a letter an entrant's name may hold; a look-alike that is (0 for o) folds to the same key.
  expect(parseEnter(['bаre', 'mcp']).ok).toBe(false);
  expect(entrantKey('b0t')).toBe(entrantKey('bot'));
});
