import { expect, test } from 'bun:test';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import type { GoldmineState, GoldmineView } from '@the-house/games/goldmine/goldmineTypes.ts';
import { goldmineMove, goldmineMoveForms, goldmineTurnText } from './goldmineSeat.ts';

test('a Gold mining turn in words, and actions typed as words', () => {
  const state = goldmineGame.setup(goldmineGame.configSchema.parse({ size: 4, talk: true }), 1, ['Pat', 'Ada']) as GoldmineState;
  const view = goldmineGame.view(state, 'Pat') as GoldmineView;
  expect(goldmineTurnText(view)).toStartWith(`You have 0 gold and ${view.stamina} stamina this round (round 1 of ${view.rounds}; map 4x4, plots 0..15 row by row).\nYour plots: none.`);
  expect(goldmineMoveForms(view).at(-1)).toBe('add say TEXT to post a public line (at most 200 characters)');
  const move = goldmineMove('claim 5, mine 5 3, defend 2 say hello all');
  expect(move).toEqual({ actions: [{ type: 'claim', plot: 5 }, { type: 'mine', plot: 5, k: 3 }, { type: 'defend', plot: 2 }], talk: 'hello all' });
  expect(goldmineMove('pass')).toEqual({ actions: [] });
  expect(goldmineGame.validate(state, 'Pat', goldmineMove('claim 5'))).toMatchObject({ ok: true });
});
