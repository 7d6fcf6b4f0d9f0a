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

describe('readCafeDecision holds the schema’s limits by trimming', () => {
  test('moves past the 32nd are ignored and an over-long response is cut, each with a note', () => {
    const read = readCafeDecision({ market: Array(40).fill({ type: 'rescue' }), response: 'y'.repeat(8005) });
    expect(read.moves).toHaveLength(32);
    expect(read.response).toHaveLength(8000);
    expect(read.problems).toEqual(['at most 32 market moves a round: moves 33 to 40 ignored', 'the response is 8005 characters; only the first 8000 are judged']);
  });
});
