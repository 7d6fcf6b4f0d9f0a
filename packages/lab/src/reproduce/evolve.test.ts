import { expect, test } from 'bun:test';
import { evolve } from './evolve.ts';

const CASE_FIRST = [['cooperator', 15], ['cheater', 5], ['copycat', 5]] as const;
const spec = { population: CASE_FIRST, rounds: 10, noise: 0, selection: 5, seed: 1 };

test("Case's first evolution: after the first tournament Always Cheat is up by 5, eating Always Cooperate; then Copycat inherits the earth", () => {
  const history = evolve({ ...spec, generations: 12 });
  expect([...history[0]!]).toEqual([['cooperator', 15], ['cheater', 5], ['copycat', 5]]);
  expect([...history[1]!]).toEqual([['cooperator', 10], ['cheater', 10], ['copycat', 5]]);
  expect([...history.at(-1)!]).toEqual([['cooperator', 0], ['cheater', 0], ['copycat', 25]]);
  for (const census of history) expect([...census.values()].reduce((a, b) => a + b, 0)).toBe(25);
});

test('the same seed gives the same history; ties and mistakes are drawn from the seed', () => {
  const noisy = { ...spec, population: [['copykitten', 3], ['simpleton', 3], ['random', 3], ['copycat', 3], ['cheater', 13]] as const, noise: 0.05, generations: 8 };
  expect(evolve(noisy)).toEqual(evolve(noisy));
  expect(evolve(noisy)).not.toEqual(evolve({ ...noisy, seed: 2 }));
});

test('an unknown strategy is refused by name', () => {
  expect(() => evolve({ ...spec, population: [['nobody', 2]], generations: 1 })).toThrow("unknown matrix strategy 'nobody'");
});
