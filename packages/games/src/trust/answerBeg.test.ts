import { describe, expect, test } from 'bun:test';
import { answerBeg } from './answerBeg.ts';
import { trustConfigSchema } from './trustConfig.ts';
import { trustGame } from './trustGame.ts';

const state = trustGame.setup(trustConfigSchema.parse({}), 1, ['a', 'b']);
const a = state.units[0]!;

describe('answerBeg', () => {
  test("the observer's grant is capped to the request and floored at 0", () => {
    expect(answerBeg(state, a, 5, { a: 50 })).toEqual({ granted: 5, reason: 'the observer chose to help', by: 'observer' });
    expect(answerBeg(state, a, 5, { a: -3 })).toEqual({ granted: 0, reason: 'the observer declined', by: 'observer' });
    expect(answerBeg(state, a, 5, { a: { amount: 2.7, reason: ' half, rounded down ' } })).toEqual({ granted: 2, reason: 'half, rounded down', by: 'observer', words: 'half, rounded down' });
  });

  test('an answer for someone else, or one that is not a number, leaves it to the policy', () => {
    expect(answerBeg(state, a, 5, { b: 5 }).by).toBe('policy');
    expect(answerBeg(state, a, 5, { a: 'yes' })).toEqual({ granted: 0, reason: 'no answer from the observer; the default policy declines', by: 'policy' });
    expect(answerBeg(state, a, 5, undefined).granted).toBe(0);
  });

  test('the wary policy always grants a first beg and says what its odds were', () => {
    const wary = { ...state, config: { ...state.config, observer: 'wary' as const } };
    expect(answerBeg(wary, a, 4, undefined)).toEqual({ granted: 4, reason: 'no answer from the observer; the wary policy granted it (chance 100% after 0 earlier begs)', by: 'policy' });
    expect(answerBeg(wary, { ...a, begs: 3 }, 4, undefined).reason).toContain('chance 25% after 3 earlier begs');
  });
});
