import { describe, expect, test } from 'bun:test';
import { readCafeDecision } from './readCafeDecision.ts';

describe('readCafeDecision', () => {
  test('keeps the good moves, names each bad one by its place and type', () => {
    expect(readCafeDecision({ market: [{ type: 'rescue' }, { type: 'donate', to: 'b' }, { type: 'accept_loan', from: 'c', extra: 1 }], response: 'hi' })).toEqual({
      moves: [{ type: 'rescue' }, { type: 'accept_loan', from: 'c' }],
      response: 'hi',
      problems: ['market move 2 (donate) refused: amount: amount must be a number of tokens'],
    });
  });

  test('no market is fine; a null market is none', () => {
    expect(readCafeDecision({ response: 'x' })).toEqual({ moves: [], response: 'x', problems: [] });
    expect(readCafeDecision({ market: null, response: 'x' })).toEqual({ moves: [], response: 'x', problems: [] });
  });
});
