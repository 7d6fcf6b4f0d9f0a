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

  test('withChallenge refuses a challenge without a prompt', () => {
    expect(() => withChallenge(newCafe(), { prompt: ' ' })).toThrow('a challenge needs a prompt');
  });
});
