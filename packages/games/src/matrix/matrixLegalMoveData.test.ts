import { expect, test } from 'bun:test';
import type { FieldSchema } from '../engine/legalMoveData.ts';
import { matrixConfigSchema } from './matrixConfig.ts';
import { matrixGame } from './matrixGame.ts';

test('a Matrix game as data: C or D against every opponent (some played otherwise in "moves"), or a move per opponent', () => {
  const three = matrixGame.setup(matrixConfigSchema.parse({}), 1, ['ann', 'bob', 'cy']);
  const some: FieldSchema = { type: 'object', properties: { bob: { type: 'string', enum: ['C', 'D'] }, cy: { type: 'string', enum: ['C', 'D'] } }, additionalProperties: false };
  expect(matrixGame.legalMoveData!(three, 'ann')).toEqual({
    moves: [
      { move: 'C', is: { action: 'C' }, fields: { moves: some }, required: [], note: 'cooperate against every opponent "moves" leaves out' },
      { move: 'D', is: { action: 'D' }, fields: { moves: some }, required: [], note: 'defect against every opponent "moves" leaves out' },
      { move: 'moves', is: {}, fields: { moves: { ...some, required: ['bob', 'cy'] } }, required: ['moves'], note: 'a move against each opponent of the round' },
    ],
    fields: { reason: { type: 'string', maxLength: 1000 } },
    required: [],
  });
  expect(matrixGame.legalMoveData!({ ...three, result: { over: true, winners: [], kind: 'draw' } }, 'ann')).toEqual({ moves: [], fields: {}, required: [] });
});
