import { describe, expect, test } from 'bun:test';
import { drawPairs, roundRobinTable } from './matrixTable.ts';

describe('round robin', () => {
  test('every pair once a round; each player plays the row against half the others, give or take one', () => {
    const players = ['a', 'b', 'c', 'd', 'e'];
    const table = roundRobinTable(players);
    expect(table.length).toBe(10);
    expect(new Set(table.map(([r, c]) => [r, c].sort().join())).size).toBe(10);
    for (const p of players) {
      const rows = table.filter(([r]) => r === p).length;
      const columns = table.filter(([, c]) => c === p).length;
      expect(Math.abs(rows - columns)).toBeLessThanOrEqual(1);
    }
    expect(roundRobinTable(['x', 'y'])).toEqual([['x', 'y']]);
  });

  test('one list per player list', () => {
    const players = ['a', 'b', 'c'];
    expect(roundRobinTable(players)).toBe(roundRobinTable(players));
  });
});

describe('pairs drawn each round', () => {
  test('an even table pairs everyone; the draw depends on seed and round only', () => {
    const players = ['a', 'b', 'c', 'd'];
    const one = drawPairs(players, 7, 3, {});
    expect(one.sitting).toBeNull();
    expect(one.table.flat().sort()).toEqual(players);
    expect(drawPairs(players, 7, 3, {})).toEqual(one);
  });

  test('an odd table sits out one who has sat out least, so byes go round', () => {
    const players = ['a', 'b', 'c', 'd', 'e'];
    const byes: Record<string, number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };
    for (let round = 1; round <= 10; round++) {
      const { table, sitting } = drawPairs(players, 11, round, byes);
      expect(table.flat().length).toBe(4);
      expect(table.flat()).not.toContain(sitting);
      expect(byes[sitting!]).toBe(Math.min(...Object.values(byes)));
      byes[sitting!]! += 1;
    }
    expect(Object.values(byes)).toEqual([2, 2, 2, 2, 2]);
  });
});
