import { describe, expect, test } from 'bun:test';
import { rateMatch, type SeatResult } from './rateMatch.ts';
import { emptyRatings, participantRating, RATING_OPTIONS, type Ratings } from './ratingTable.ts';

const beats = (winner: string, loser: string): SeatResult[] => [
  { participant: winner, place: 1, won: true },
  { participant: loser, place: 2, won: false },
];

describe('rateMatch', () => {
  test('a strong strategy beating a weak one rises, the weak one falls, and both grow surer', () => {
    let ratings = emptyRatings('trust');
    const history: Array<{ strong: number; weak: number; sigma: number }> = [];
    for (let match = 0; match < 30; match++) {
      ratings = rateMatch(ratings, beats('prudent', 'always-cooperate'));
      const strong = ratings.participants.prudent!;
      history.push({ strong: strong.mu, weak: ratings.participants['always-cooperate']!.mu, sigma: strong.sigma });
    }
    for (let i = 1; i < history.length; i++) {
      expect(history[i]!.strong).toBeGreaterThan(history[i - 1]!.strong);
      expect(history[i]!.weak).toBeLessThan(history[i - 1]!.weak);
      expect(history[i]!.sigma).toBeLessThan(history[i - 1]!.sigma);
    }
    expect(history[0]!.strong).toBeGreaterThan(RATING_OPTIONS.mu!);
    expect(history.at(-1)!.sigma).toBeLessThan(RATING_OPTIONS.sigma! * 0.75);
    expect(ratings.participants.prudent).toMatchObject({ matches: 30, wins: 30 });
    expect(ratings.participants['always-cooperate']).toMatchObject({ matches: 30, wins: 0 });
  });

  test('a tie between equals moves no mu but still narrows sigma', () => {
    const ratings = rateMatch(emptyRatings('trust'), [
      { participant: 'copycat', place: 1, won: false },
      { participant: 'grudger', place: 1, won: false },
    ]);
    for (const id of ['copycat', 'grudger']) {
      expect(ratings.participants[id]!.mu).toBeCloseTo(RATING_OPTIONS.mu!, 10);
      expect(ratings.participants[id]!.sigma).toBeLessThan(RATING_OPTIONS.sigma!);
      expect(ratings.participants[id]).toMatchObject({ matches: 1, wins: 0 });
    }
  });

  test('eight players with shared places: order follows the places, equal places rate equally', () => {
    const places = { a: 1, b: 2, c: 2, d: 4, e: 5, f: 6, g: 7, h: 8 };
    const ratings = rateMatch(
      emptyRatings('influence'),
      Object.entries(places).map(([participant, place]) => ({ participant, place, won: place === 1 })),
    );
    const mu = (id: string) => ratings.participants[id]!.mu;
    expect(mu('a')).toBeGreaterThan(mu('b'));
    expect(mu('b')).toBeCloseTo(mu('c'), 10);
    for (const [better, worse] of [['c', 'd'], ['d', 'e'], ['e', 'f'], ['f', 'g'], ['g', 'h']] as const) expect(mu(better)).toBeGreaterThan(mu(worse));
    expect(Object.values(ratings.participants).map((r) => r.wins)).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  });

  test('the order seats are listed in does not matter', () => {
    const seats: SeatResult[] = [
      { participant: 'greedy', place: 2, won: false },
      { participant: 'cautious', place: 1, won: true },
      { participant: 'random', place: 3, won: false },
    ];
    const forward = rateMatch(emptyRatings('goldmine'), seats);
    const backward = rateMatch(emptyRatings('goldmine'), [...seats].reverse());
    for (const id of ['greedy', 'cautious', 'random']) expect(backward.participants[id]).toEqual(forward.participants[id]!);
  });

  test('several seats of one participant count as one result, ranked by their mean place', () => {
    const miners: SeatResult[] = [
      { participant: 'greedy', place: 1, won: true },
      { participant: 'cooperative', place: 2, won: false },
      { participant: 'greedy', place: 3, won: false },
      { participant: 'cooperative', place: 4, won: false },
    ];
    const ratings = rateMatch(emptyRatings('goldmine'), miners);
    expect(ratings).toEqual(rateMatch(emptyRatings('goldmine'), beats('greedy', 'cooperative')));
    expect(ratings.participants.greedy).toMatchObject({ matches: 1, wins: 1 });
    expect(ratings.participants.cooperative).toMatchObject({ matches: 1, wins: 0 });
  });

  test('a match against copies of oneself is not rated', () => {
    const before = rateMatch(emptyRatings('trust'), beats('copycat', 'grudger'));
    const after = rateMatch(before, [
      { participant: 'copycat', place: 1, won: true },
      { participant: 'copycat', place: 2, won: false },
    ]);
    expect(after).toBe(before);
    expect(rateMatch(before, [])).toBe(before);
  });

  test('the ratings given are left untouched; others keep their rating', () => {
    const before = rateMatch(emptyRatings('trust'), beats('copycat', 'grudger'));
    const copy = structuredClone(before);
    const after = rateMatch(before, beats('detective', 'grudger'));
    expect(before).toEqual(copy);
    expect(after.participants.copycat).toBe(before.participants.copycat!);
    expect(after.participants.grudger!.matches).toBe(2);
    expect(participantRating(before, 'detective')).toEqual({ mu: RATING_OPTIONS.mu!, sigma: RATING_OPTIONS.sigma!, matches: 0, wins: 0 });
  });

  test('the same sequence of results gives the same ratings, bit for bit', () => {
    const results: SeatResult[][] = [];
    const names = ['copycat', 'grudger', 'detective', 'model:gpt-4o-mini'];
    for (let i = 0; i < 40; i++) results.push(beats(names[i % 4]!, names[(i + 1 + (i % 3)) % 4]!));
    const run = (): Ratings => results.reduce(rateMatch, emptyRatings('trust'));
    expect(JSON.stringify(run())).toBe(JSON.stringify(run()));
  });

  test('a place that is not a number is a programming error', () => {
    expect(() => rateMatch(emptyRatings('trust'), [{ participant: 'a', place: Number.NaN, won: false }, { participant: 'b', place: 1, won: true }])).toThrow(
      "place of 'a' must be a finite number, got NaN",
    );
  });
});
