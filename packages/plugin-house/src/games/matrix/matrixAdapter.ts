import type { MatrixView } from '@the-house/games/matrix/matrixTypes.ts';
import { fieldChart } from '../../dashboard/scoreChart.ts';
import type { HouseGame } from '../houseGame.ts';
import { matrixBoard } from './matrixBoard.ts';
import { matrixEndPictures } from './matrixEndPictures.ts';
import { matrixPanel } from './matrixPanel.ts';
import { matrixRoundText } from './matrixRoundText.ts';
import { matrixMove, matrixMoveForms, matrixTurnText } from './matrixSeat.ts';

/**
 * Matrix games in the House: every seat decides each round at once; the
 * room hears the first round in full, a summary every ten rounds and the
 * ending with the points race; the page charts the points and the House tab
 * shows who cooperated with whom. A person types `!move c`, `!move d` or a
 * move per opponent.
 */
export const matrixAdapter: HouseGame = {
  game: 'matrix',
  board: matrixBoard,
  chart: (detail) => fieldChart(detail.history, detail.summary.players.map((p) => p.name), 'score', 'Points after each round', 'points'),
  panel: { render: matrixPanel, onPage: true },
  roundText: matrixRoundText,
  roundPictures: (_record, match) => matrixEndPictures(match),
  parseMove: (text) => matrixMove(text),
  turnText: (_state, _player, view) => matrixTurnText(view as MatrixView),
  moveForms: (_state, _player, view) => matrixMoveForms(view as MatrixView),
};
