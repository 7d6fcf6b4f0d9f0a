import { describe, expect, test } from 'bun:test';
import { PROVISIONAL_GAMES, ratingBoard, ratingBoardText, shownRank, Z95 } from './ratingBoard.ts';
import { emptyRatings, type Ratings } from './ratingTable.ts';

const table = (participants: Ratings['participants']): Ratings => ({ ...emptyRatings('trust'), participants });

describe('ratingBoard', () => {
  test('each row has its 95% interval, mu ± 1.96 sigma', () => {
    const [row] = ratingBoard(table({ a: { mu: 25, sigma: 2, matches: 30, wins: 10 } }));
    expect(Z95).toBe(1.96);
    expect(row!.low95).toBeCloseTo(21.08, 10);
    expect(row!.high95).toBeCloseTo(28.92, 10);
  });

  test(`provisional under ${PROVISIONAL_GAMES} rated games`, () => {
    const rows = ratingBoard(table({ young: { mu: 25, sigma: 1, matches: PROVISIONAL_GAMES - 1, wins: 0 }, old: { mu: 40, sigma: 1, matches: PROVISIONAL_GAMES, wins: 0 } }));
    expect(rows.map((r) => [r.participant, r.provisional])).toEqual([
      ['old', false],
      ['young', true],
    ]);
  });

  test('adjacent rows whose 95% intervals overlap share a rank group, and groups chain', () => {
    const rows = ratingBoard(
      table({
        a: { mu: 40, sigma: 1, matches: 50, wins: 40 }, // 38.04 .. 41.96
        b: { mu: 37, sigma: 1, matches: 50, wins: 30 }, // 35.04 .. 38.96: overlaps a
        c: { mu: 34, sigma: 1, matches: 50, wins: 20 }, // 32.04 .. 35.96: overlaps b, not a
        d: { mu: 20, sigma: 1, matches: 50, wins: 10 }, // alone
        e: { mu: 10, sigma: 1, matches: 50, wins: 0 },
      }),
    );
    expect(rows.map((r) => [r.participant, shownRank(r)])).toEqual([
      ['a', '=1'],
      ['b', '=1'],
      ['c', '=1'],
      ['d', '4'],
      ['e', '5'],
    ]);
  });

  test('intervals that only come within 2 sigma but not 1.96 are not a tie', () => {
    const rows = ratingBoard(table({ a: { mu: 30, sigma: 1, matches: 50, wins: 1 }, b: { mu: 26, sigma: 1, matches: 50, wins: 1 } }));
    expect(rows.map(shownRank)).toEqual(['1', '2']);
  });

  test('cost per game and per win: counted costs, a strategy 0, an uncounted model unknown', () => {
    const rows = ratingBoard(
      table({
        'model:gpt': { mu: 30, sigma: 1, matches: 4, wins: 2 },
        copycat: { mu: 20, sigma: 1, matches: 4, wins: 1 },
        'model:other': { mu: 10, sigma: 1, matches: 4, wins: 1 },
        'always-cheat': { mu: 5, sigma: 1, matches: 4, wins: 0 },
      }),
      new Map([['model:gpt', { cost: 0.5, games: 4, wins: 2 }]]),
    );
    expect(rows.map((r) => [r.participant, r.costPerGame, r.costPerWin])).toEqual([
      ['model:gpt', 0.125, 0.25],
      ['copycat', 0, 0],
      ['model:other', null, null],
      ['always-cheat', 0, null],
    ]);
    const text = ratingBoardText(rows);
    expect(text.split('\n')[0]).toBe('rank  participant                 mu     95% interval  games  wins  cost/game  cost/win');
    expect(text).toContain('model:gpt (provisional)');
    expect(text).toMatch(/model:other \(provisional\) +10\.00 +8\.0 \.\. 12\.0 +4 +1 +- +-/);
  });
});
