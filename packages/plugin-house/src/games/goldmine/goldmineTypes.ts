import type { BaseState, PlayerId } from '../../engine/types.ts';
import type { GoldmineConfig } from './goldmineConfig.ts';
import type { GoldmineAction } from './goldmineDecision.ts';

/** Stamina spent per category in one round (after cleaning and pruning). */
export interface Spend {
  claim: number;
  raid: number;
  defend: number;
  mine: number;
}

/** A contested or uncontested claim on one plot; `by` in ascending agent id (seat index). */
export interface ClaimResult {
  plot: number;
  by: number[];
  winner: number;
}

/**
 * Raids on one plot: `owner` at the round's start, raiders in ascending agent id,
 * whether the owner defended it, who was blocked (by defense or truce), and the
 * new owner (-1 when the plot stayed with its owner).
 */
export interface RaidResult {
  plot: number;
  owner: number;
  by: number[];
  defended: boolean;
  truce: boolean;
  blocked: number[];
  winner: number;
}

/** A seeded tie-break, in the order it was drawn: the RNG order of the ODD's logs. */
export interface Draw {
  kind: 'claim' | 'raid';
  plot: number;
  participants: number[];
  winner: number;
}

/** What everyone sees about a finished round: the ODD's per-plot public events. */
export interface RoundPublic {
  round: number;
  claims: ClaimResult[];
  raids: RaidResult[];
  /** Plots their owner defended this round. */
  defended: number[];
}

/** The ODD's Step 4 log of one round: public events, the state after it, stamina and gold per agent, and the RNG order. */
export interface RoundLog extends RoundPublic {
  /** Owner of every plot after the round, by seat index (-1 unowned). */
  owner: number[];
  /** Cumulative gold per seat after the round. */
  gold: number[];
  /** Gold gained this round per seat. */
  gained: number[];
  spent: Spend[];
  draws: Draw[];
}

/** A player's own record of its last round (private). */
export interface OwnRound {
  round: number;
  kept: GoldmineAction[];
  dropped: number;
  spent: Spend;
  gained: number;
}

/** Per-plot counts over the whole match, kept for the `full` history. */
export interface PlotTotals {
  rounds: number;
  raids: number[];
  captures: number[];
  defended: number[];
  contested: number[];
}

/**
 * The match. Agent ids are seat indexes into `players` (tie-breaks order
 * participants by it). Plot arrays are indexed by plot id, row-major.
 */
export interface GoldmineState extends BaseState<GoldmineConfig> {
  owner: number[];
  /** Round in which the current owner acquired the plot (0 when unowned). */
  since: number[];
  /** Last round in which the plot is protected by a claim truce (0: none). */
  truceUntil: number[];
  gold: number[];
  /** Public records of the last rounds: one for `last`, K=5 otherwise. */
  recent: RoundPublic[];
  totals: PlotTotals | null;
  own: Array<OwnRound | null>;
  over: boolean;
}

/** What one player knows at the start of a round (the ODD's information interface). */
export interface GoldmineView {
  player: PlayerId;
  me: number;
  players: readonly PlayerId[];
  round: number;
  rounds: number;
  size: number;
  stamina: number;
  cap: number;
  alpha: number;
  truce: number;
  defense: GoldmineConfig['defense'];
  history: GoldmineConfig['history'];
  /** Owner seat of every plot (-1 unowned), shared with the state: read only. */
  owner: readonly number[];
  /** Plots whose claim truce protects them from raids this round. */
  protectedPlots: number[];
  gold: number;
  /** Public records of the last rounds, oldest first (at most one with `last`). */
  recent: readonly RoundPublic[];
  totals: PlotTotals | null;
  own: OwnRound | null;
}
