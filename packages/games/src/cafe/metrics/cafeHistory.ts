import type { PlayedRun } from '../../engine/types.ts';
import { analyzeCafe, type CafeAnalysis } from '../analysis/analyzeCafe.ts';
import type { CafeState } from '../cafeTypes.ts';

/** A Café run as the metrics read it: the Café analysis of each round on its own, so every count can be taken over any window. */
export interface CafeHistory {
  players: readonly string[];
  /** `analyzeCafe` of round t's events alone, at index t - 1. */
  rounds: readonly CafeAnalysis[];
}

/** Reads each round's events through `analyzeCafe` (its public events: everything the metrics count is public). */
export function cafeHistory(run: PlayedRun<CafeState>): CafeHistory {
  return {
    players: [...run.state.players],
    rounds: run.rounds.map((r) => analyzeCafe(r.events.map((e) => ({ round: r.round, ...e })))),
  };
}

/** The analysis of round `t` (1-based). */
export function roundOf(h: CafeHistory, t: number): CafeAnalysis | undefined {
  return h.rounds[t - 1];
}

/** The table after round `t`: banks (eliminated players' frozen ones too), levels, who is alive, and the Gini of the living banks. */
export function standingsAfter(h: CafeHistory, t: number): CafeAnalysis['wealth'][number] | undefined {
  return roundOf(h, t)?.wealth[0];
}
