import type { PlayerId } from '../engine/types.ts';
import type { CafeState } from './cafeTypes.ts';

/** Players who act this round, and the ones the judge names: the living at the round's start, in seat order. */
export function cafeActors(state: CafeState): PlayerId[] {
  return state.result.over ? [] : state.table.filter((p) => p.alive).map((p) => p.id);
}
