import { expect, test } from 'bun:test';
import { goldmineGame } from './goldmineGame.ts';
import type { GoldmineState } from './goldmineTypes.ts';

test('Gold mining as data: actions in "actions", each on a plot it may target now; "talk" only when the match has it', () => {
  const state = goldmineGame.setup(goldmineGame.configSchema.parse({ size: 3 }), 1, ['a', 'b']) as GoldmineState;
  const owned: GoldmineState = { ...state, owner: [0, 1, -1, -1, -1, -1, -1, -1, 0] };
  expect(goldmineGame.legalMoveData!(owned, 'a')).toEqual({
    list: { field: 'actions' },
    moves: [
      { move: 'claim', is: { type: 'claim' }, fields: { plot: { type: 'integer', enum: [2, 3, 4, 5, 6, 7] } }, required: ['plot'], note: '1 stamina: an unowned plot' },
      { move: 'raid', is: { type: 'raid' }, fields: { plot: { type: 'integer', enum: [1] } }, required: ['plot'], note: "1 stamina: another player's plot" },
      { move: 'defend', is: { type: 'defend' }, fields: { plot: { type: 'integer', enum: [0, 8] } }, required: ['plot'], note: '1 stamina: a plot you own' },
      { move: 'mine', is: { type: 'mine' }, fields: { plot: { type: 'integer', enum: [0, 8] }, k: { type: 'integer', minimum: 0, maximum: 3 } }, required: ['plot', 'k'], note: 'k stamina: a plot you own' },
    ],
    fields: {},
    required: ['actions'],
    notes: [`the actions' total cost is at most ${state.staminaOf[0]} stamina; actions past it are dropped from the end of the list, and so are repeats`],
  });
  const talk = goldmineGame.setup(goldmineGame.configSchema.parse({ size: 3, talk: true }), 1, ['a', 'b']);
  expect(goldmineGame.legalMoveData!(talk, 'b').fields).toEqual({ talk: { type: 'string', maxLength: 200 } });
});
