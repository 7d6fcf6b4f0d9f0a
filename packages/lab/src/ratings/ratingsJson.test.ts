import { describe, expect, test } from 'bun:test';
import { rateMatch } from './rateMatch.ts';
import { emptyRatings, RATING_SYSTEM, type Ratings } from './ratingTable.ts';
import { parseRatings, ratingsJson } from './ratingsJson.ts';

function played(): Ratings {
  let ratings = emptyRatings('goldmine');
  const cast = ['greedy', 'cautious', 'model:gpt-4o-mini', 'Ada'];
  for (let round = 0; round < 12; round++) {
    ratings = rateMatch(
      ratings,
      cast.map((participant, i) => ({ participant, place: ((i + round) % 4) + 1, won: (i + round) % 4 === 0 })),
    );
  }
  return ratings;
}

describe('ratings as JSON', () => {
  test('round trip: text, parse, check gives the same ratings and the same text', () => {
    const ratings = played();
    const text = ratingsJson(ratings);
    const parsed = parseRatings(JSON.parse(text));
    expect(parsed).toEqual({ ok: true, value: ratings });
    expect(ratingsJson(parsed.ok ? parsed.value : emptyRatings('x'))).toBe(text);
  });

  test('participants in id order, whatever order they were rated in', () => {
    const text = ratingsJson(played());
    expect(Object.keys(JSON.parse(text).participants)).toEqual(['Ada', 'cautious', 'greedy', 'model:gpt-4o-mini']);
    expect(text.endsWith('}\n')).toBe(true);
  });

  test('malformed tables are refused with what is wrong', () => {
    const good = JSON.parse(ratingsJson(played()));
    const bad = (change: (t: any) => void) => {
      const copy = structuredClone(good);
      change(copy);
      const parsed = parseRatings(copy);
      return parsed.ok ? 'accepted' : parsed.error;
    };
    expect(bad((t) => (t.system = 'elo'))).toBe(`system: must be '${RATING_SYSTEM}' (ratings from another rating system cannot be combined)`);
    expect(bad((t) => (t.participants.greedy.sigma = 0))).toStartWith('participants.greedy.sigma: ');
    expect(bad((t) => (t.participants.greedy.wins = 99))).toBe('participants.greedy: wins exceed matches');
    expect(bad((t) => (t.participants.greedy.matches = 2.5))).toStartWith('participants.greedy.matches: ');
    expect(bad((t) => (t.participants.greedy.elo = 1500))).toBe("participants.greedy: unknown key 'elo'");
    expect(bad((t) => delete t.game)).toStartWith('game: ');
    expect(parseRatings([]).ok).toBe(false);
    expect(parseRatings(null).ok).toBe(false);
  });
});
