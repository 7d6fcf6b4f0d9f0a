import type { PlayerId } from '../engine/types.ts';
import type { MatrixState, Opponent } from './matrixTypes.ts';

/** The opponents `player` meets this round, in table order, with the role it plays against each. */
export function opponentsOf(state: Pick<MatrixState, 'table'>, player: PlayerId): Opponent[] {
  const out: Opponent[] = [];
  for (const [row, column] of state.table) {
    if (row === player) out.push({ id: column, role: 'row' });
    else if (column === player) out.push({ id: row, role: 'column' });
  }
  return out;
}
