import { describe, expect, test } from 'bun:test';
import { challengeBank } from './challengeBank.ts';
import { challengeForRound, challengeOrder, withChallenge } from './challengeOrder.ts';
import { newCafe } from './cafeTestKit.ts';

describe('challenge order', () => {
  test('a seeded permutation of the whole bank, starting over after the last', () => {
    const order = challengeOrder(42);
    expect([...order].sort()).toEqual(challengeBank.map((c) => c.id).sort());
    expect(challengeOrder(42)).toEqual(order);
    expect(challengeForRound(order, 1).id).toBe(order[0]!);
    expect(challengeForRound(order, order.length + 1).id).toBe(order[0]!);
  });

  test('withChallenge refuses a bad challenge with the reason and never throws', () => {
    expect(withChallenge(newCafe(), { prompt: ' ' })).toEqual({ ok: false, error: 'bad challenge: prompt: a challenge needs a prompt' });
    expect(withChallenge(newCafe(), 'write a poem')).toEqual({ ok: false, error: 'bad challenge: a challenge must be an object {"prompt": "...", "id"?: "...", "keywords"?: [...]}' });
    expect(withChallenge(newCafe(), { prompt: 'x', level: 3 })).toEqual({ ok: false, error: "bad challenge: unknown key 'level'" });
  });
});
