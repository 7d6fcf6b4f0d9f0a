import { describe, expect, test } from 'bun:test';
import type { LegalMoveData } from './legalMoveData.ts';
import { legalMoveProblems } from './legalMoveProblems.ts';

const oneMove: LegalMoveData = {
  moves: [
    { move: 'HIGH_FIVE', is: { action: 'HIGH_FIVE' }, fields: { target: { type: 'string', enum: ['a', 'b'] } }, required: ['target'] },
    { move: 'BEG', is: { action: 'BEG' }, fields: { amount: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['amount'] },
  ],
  fields: { share: { type: 'object', properties: { to: { type: 'string', enum: ['a'] } }, required: ['to'], additionalProperties: false } },
  required: [],
};

const listed: LegalMoveData = {
  list: { field: 'market', maxItems: 2 },
  moves: [{ move: 'donate', is: { type: 'donate' }, fields: { to: { type: 'string', enum: ['b'] }, amount: { type: 'number', minimum: 0.01, maximum: 5 } }, required: ['to', 'amount'] }],
  fields: { response: { type: 'string', maxLength: 5 } },
  required: ['market', 'response'],
};

describe('legalMoveProblems', () => {
  test('a decision that is one move: its name, its fields, the fields beside it', () => {
    expect(legalMoveProblems(oneMove, { action: 'HIGH_FIVE', target: 'b', share: { to: 'a' } })).toEqual([]);
    expect(legalMoveProblems(oneMove, { action: 'FLY_TO_THE_MOON' })).toEqual(['the decision is no move legal now (legal: HIGH_FIVE, BEG)']);
    expect(legalMoveProblems(oneMove, { action: 'HIGH_FIVE' })).toEqual(['target is missing']);
    expect(legalMoveProblems(oneMove, { action: 'HIGH_FIVE', target: 'c', note: 1 })).toEqual(['note is not a field here', 'target is not one of a, b']);
    expect(legalMoveProblems(oneMove, { action: 'BEG', amount: 11 })).toEqual(['amount is above 10']);
    expect(legalMoveProblems(oneMove, { action: 'BEG', amount: 1.5 })).toEqual(['amount is not an integer']);
    expect(legalMoveProblems(oneMove, { action: 'BEG', amount: 2, share: { to: 'a', amount: 3 } })).toEqual(['share.amount is not a field here']);
    expect(legalMoveProblems(oneMove, 'BEG')).toEqual(['the decision is not an object']);
  });

  test('a decision that holds a list of moves: each item a move, the list within its bounds, the required fields there', () => {
    expect(legalMoveProblems(listed, { market: [{ type: 'donate', to: 'b', amount: 5 }], response: 'hi' })).toEqual([]);
    expect(legalMoveProblems(listed, { market: [], response: 'hi' })).toEqual([]);
    expect(legalMoveProblems(listed, { action: 'FLY_TO_THE_MOON' })).toEqual(['action is not a field here', 'market is missing', 'response is missing']);
    expect(legalMoveProblems(listed, { market: [{ type: 'loan' }, { type: 'donate', to: 'b', amount: 0 }, 3], response: 'too long' })).toEqual([
      'response is longer than 5',
      'market has more than 2 items',
      'market[0] is no move legal now (legal: donate)',
      'market[1].amount is below 0.01',
      'market[2] is not an object',
    ]);
  });
});
