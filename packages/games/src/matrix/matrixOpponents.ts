import type { PlayerId } from '../engine/types.ts';
import type { MatrixState, Opponent, Pairing } from './matrixTypes.ts';

const NONE: readonly Opponent[] = Object.freeze([]);
const byTable = new WeakMap<readonly Pairing[], Map<PlayerId, Opponent[]>>();

/**
 * The opponents `player` meets this round, in table order, with the role it
 * plays against each. Worked out once per table for every player (a round
 * robin's table serves the whole match): views and checks ask for them for
 * every player every round.
 */
export function opponentsOf(state: Pick<MatrixState, 'table'>, player: PlayerId): readonly Opponent[] {
  let seats = byTable.get(state.table);
  if (!seats) {
    seats = new Map();
    for (let i = 0; i < state.table.length; i++) {
      const pair = state.table[i]!;
      const row = pair[0];
      const column = pair[1];
      let a = seats.get(row);
      if (!a) seats.set(row, (a = []));
      a.push({ id: column, role: 'row' });
      let b = seats.get(column);
      if (!b) seats.set(column, (b = []));
      b.push({ id: row, role: 'column' });
    }
    byTable.set(state.table, seats);
  }
  return seats.get(player) ?? NONE;
}
