import { expect, test } from 'bun:test';
import { RETIRED_OBSERVERS_KEPT, RetiredObservers } from './retiredObservers.ts';

test("a retired table's observer key leads to its match; another key to none", () => {
  const links = new RetiredObservers();
  links.add('k'.repeat(32), 'trust-1-abc');
  expect(links.matchOf('k'.repeat(32))).toBe('trust-1-abc');
  expect(links.matchOf('j'.repeat(32))).toBeNull();
  expect(links.matchOf('constructor')).toBeNull();
});

test('at most RETIRED_OBSERVERS_KEPT keys are kept, the oldest forgotten first', () => {
  expect(RETIRED_OBSERVERS_KEPT).toBe(1000);
  const links = new RetiredObservers(3);
  for (const n of [1, 2, 3, 4]) links.add(`key-${n}`, `match-${n}`);
  expect(links.matchOf('key-1')).toBeNull();
  expect([2, 3, 4].map((n) => links.matchOf(`key-${n}`))).toEqual(['match-2', 'match-3', 'match-4']);
  // A key added again counts as new: it is not the next to go.
  links.add('key-2', 'match-2');
  links.add('key-5', 'match-5');
  expect(links.matchOf('key-3')).toBeNull();
  expect(links.matchOf('key-2')).toBe('match-2');
});
