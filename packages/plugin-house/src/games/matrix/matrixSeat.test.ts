import { expect, test } from 'bun:test';
import { matrixGame } from '@the-house/games/matrix/matrixGame.ts';
import type { MatrixState, MatrixView } from '@the-house/games/matrix/matrixTypes.ts';
import { matrixMove, matrixMoveForms, matrixTurnText } from './matrixSeat.ts';

const two = () => matrixGame.setup(matrixGame.configSchema.parse({ rounds: 10 }), 1, ['Pat', 'Ada']) as MatrixState;

test('a turn reads as a few lines: points, the games so far against each opponent, and the short forms', () => {
  let state = two();
  state = matrixGame.apply(state, { decisions: { Pat: { action: 'C' }, Ada: { action: 'D' } } }).state as MatrixState;
  const view = matrixGame.view(state, 'Pat') as MatrixView;
  expect(matrixTurnText(view)).toBe('You have 0 points (round 2 of 10). C: cooperate; D: defect.\nAgainst Ada: you C / Ada D.');
  expect(matrixMoveForms(view)).toEqual(['!move c', '!move d']);
});

test('with three players the forms show a move per opponent', () => {
  const state = matrixGame.setup(matrixGame.configSchema.parse({ rounds: 10 }), 1, ['Pat', 'Ada', 'Bram']) as MatrixState;
  const view = matrixGame.view(state, 'Pat') as MatrixView;
  expect(matrixTurnText(view)).toContain('Against Ada: first meeting.');
  expect(matrixTurnText(view)).toContain("One move for everyone, or a move per opponent: a move before @name is that opponent's; those you do not name get your bare move.");
  // Each form is exactly what a person sends: the turn shows it as code, so no explanation rides in it.
  expect(matrixMoveForms(view)).toEqual(['!move c', '!move d', '!move c @Ada d @Bram']);
  expect(matrixMove('c @Ada d @Bram')).toEqual({ moves: { Ada: 'C', Bram: 'D' } });
});

test('short forms read as the game\'s decisions; JSON is left to the game; words it cannot read are refused by the game with what is allowed', () => {
  expect(matrixMove('c')).toEqual({ action: 'C' });
  expect(matrixMove('Defect')).toEqual({ action: 'D' });
  expect(matrixMove('d @Ada c @Bram')).toEqual({ moves: { Ada: 'D', Bram: 'C' } });
  expect(matrixMove('c d @Bram')).toEqual({ action: 'C', moves: { Bram: 'D' } });
  expect(matrixMove('{"action":"C"}')).toBeUndefined();
  const state = two();
  const refused = matrixGame.validate(state, 'Pat', matrixMove('dance'));
  expect(refused.ok).toBe(false);
  expect(matrixGame.validate(state, 'Pat', matrixMove('d'))).toMatchObject({ ok: true });
});
