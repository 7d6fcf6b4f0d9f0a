import { describe, expect, test } from 'bun:test';
import { INTERVAL_SIGMAS, leaderboard } from './leaderboard.ts';
import { rateMatch } from './rateMatch.ts';
import { emptyRatings, type Ratings } from './ratingTable.ts';

const table = (participants: Ratings['participants']): Ratings => ({ ...emptyRatings('trust'), participants });

describe('leaderboard', () => {
  test('ranked by mu - 3 sigma: a proven player above a lucky newcomer with a higher mu', () => {
    const rows = leaderboard(
      table({
        newcomer: { mu: 30, sigma: 7, matches: 2, wins: 2 },
        proven: { mu: 27, sigma: 1.5, matches: 200, wins: 120 },
        weak: { mu: 15, sigma: 1.5, matches: 200, wins: 30 },
      }),
    );
    expect(rows.map((r) => [r.rank, r.participant])).toEqual([
      [1, 'proven'],
      [2, 'weak'],
      [3, 'newcomer'],
    ]);
    expect(rows[0]).toEqual({ rank: 1, participant: 'proven', ordinal: 22.5, mu: 27, sigma: 1.5, low: 27 - 1.96 * 1.5, high: 27 + 1.96 * 1.5, matches: 200, wins: 120 });
    expect(INTERVAL_SIGMAS).toBe(1.96);
  });

  test('equal ordinals go by mu, then by id', () => {
    const rows = leaderboard(
      table({
        zed: { mu: 28, sigma: 2, matches: 5, wins: 1 },
        amy: { mu: 28, sigma: 2, matches: 5, wins: 1 },
        top: { mu: 31, sigma: 3, matches: 5, wins: 1 },
      }),
    );
    expect(rows.map((r) => r.participant)).toEqual(['top', 'amy', 'zed']);
  });

  test('after play: the winner on top, the loser last, a drawn pair in between', () => {
    let ratings = emptyRatings('trust');
    for (let i = 0; i < 10; i++) {
      ratings = rateMatch(ratings, [
        { participant: 'model:gpt-4o-mini', place: 1, won: true },
        { participant: 'copycat', place: 2, won: false },
      ]);
    }
    ratings = rateMatch(ratings, [
      { participant: 'newcomer', place: 1, won: false },
      { participant: 'other', place: 1, won: false },
    ]);
    const rows = leaderboard(ratings);
    expect(rows.map((r) => r.participant)).toEqual(['model:gpt-4o-mini', 'newcomer', 'other', 'copycat']);
    expect(leaderboard(emptyRatings('trust'))).toEqual([]);
  });
});
