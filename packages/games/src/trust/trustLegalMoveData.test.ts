import { expect, test } from 'bun:test';
import type { FieldSchema } from '../engine/legalMoveData.ts';
import { trustConfigSchema } from './trustConfig.ts';
import { playTrust, startTrust } from './trustFixtures.ts';
import { trustGame } from './trustGame.ts';

const reason: FieldSchema = { type: 'string' };

test('Trust as data: an implied target needs no naming, BEG its amount and reason, REPLICATE only with the sats', () => {
  const rich = trustGame.setup(trustConfigSchema.parse({ startSats: 100 }), 1, ['a', 'b']);
  expect(trustGame.legalMoveData!(rich, 'a')).toEqual({
    moves: [
      { move: 'HIGH_FIVE', is: { action: 'HIGH_FIVE' }, fields: { reason, target: { type: 'string', enum: ['b'] } }, required: [] },
      { move: 'ATTACK', is: { action: 'ATTACK' }, fields: { reason, target: { type: 'string', enum: ['b'] } }, required: [] },
      { move: 'BLOCK', is: { action: 'BLOCK' }, fields: { reason }, required: [] },
      { move: 'DO_NOTHING', is: { action: 'DO_NOTHING' }, fields: { reason }, required: [] },
      { move: 'BEG', is: { action: 'BEG' }, fields: { reason: { type: 'string', minLength: 1 }, amount: { type: 'integer', minimum: 1, maximum: 20 } }, required: ['amount', 'reason'] },
      { move: 'REPLICATE', is: { action: 'REPLICATE' }, fields: { reason }, required: [], note: 'costs 50 sats' },
    ],
    fields: {},
    required: [],
  });
});

test('Trust as data with alliances: three players name a target; allies cannot be attacked, and the alliance fields ride on any move', () => {
  const start = startTrust({ alliances: true }, ['a', 'b', 'c'], 1);
  const { state } = playTrust(start, { a: { action: 'BLOCK', ally: 'b' }, b: { action: 'BLOCK', ally: 'a' }, c: { action: 'BLOCK' } });
  const data = trustGame.legalMoveData!(state, 'a');
  expect(data.moves.slice(0, 2).map((m) => [m.move, m.fields.target, m.required])).toEqual([
    ['HIGH_FIVE', { type: 'string', enum: ['b', 'c'] }, ['target']],
    ['ATTACK', { type: 'string', enum: ['c'] }, ['target']],
  ]);
  expect(data.fields).toEqual({
    ally: { type: 'string', enum: ['c'] },
    leave: { type: 'string', enum: ['b'] },
    share: { type: 'object', properties: { to: { type: 'string', enum: ['b'] }, amount: { type: 'integer', minimum: 1, maximum: 48 } }, required: ['to', 'amount'], additionalProperties: false },
  });
});
