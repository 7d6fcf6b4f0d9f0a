import type { BaseState, PlayerId } from '../engine/types.ts';
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

/**
 * A seeded tie-break, in the order it was drawn: the RNG order of the ODD's
 * logs. `stream` is the 32-bit seed hash(seed, round, plot, kind) of the
 * xoroshiro128+ stream the winner was drawn from (`Rng.fromSeed(stream)`, one
 * uniform integer in 0..participants-1), so the draw can be checked without
 * this code.
 */
export interface Draw {
  kind: 'claim' | 'raid';
  plot: number;
  participants: number[];
  stream: number;
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

/**
 * The public half of the ODD's Step 4 log (the `round` event): the round's
 * per-plot events, the RNG order, and the public state after the round (the
 * map, each plot's acquisition round and claim truce).
 */
export interface RoundMap extends RoundPublic {
  /** Owner of every plot after the round, by seat index (-1 unowned). */
  owner: number[];
  /** Round in which each plot's owner acquired it (0 when unowned). */
  since: number[];
  /** Last round each plot's claim truce protects it (0: none). */
  truceUntil: number[];
  /** Plots each seat owns after the round. */
  held: number[];
  /** The round's global counts: plots claimed (contested among them), raid actions, plots captured, plots defended. */
  tally: { claims: number; contested: number; raids: number; captures: number; defenses: number };
  draws: Draw[];
}

/**
 * The private half (the `ledger` event, seen by no player): gold and stamina
 * per agent. The ODD makes an agent's gold and actions its own business, so
 * only the House and the researchers read it; each player gets its own line
 * in its `actions` event.
 */
export interface RoundLedger {
  round: number;
  /** Cumulative gold per seat after the round. */
  gold: number[];
  /** Gold gained this round per seat. */
  gained: number[];
  /** Stamina each seat spent per category (after Step 0). */
  spent: Spend[];
  /** Total gold mined this round (the ODD's output, against plots x cap x alpha). */
  output: number;
}

/** The ODD's Step 4 log of one round, both halves: with the seed and config, a complete snapshot of the state after it. */
export interface RoundLog extends RoundMap, RoundLedger {}

/** A player's own record of its last round (private). */
export interface OwnRound {
  round: number;
  kept: GoldmineAction[];
  /** Submitted actions Step 0 removed (or 1 when the whole answer was unusable). */
  dropped: number;
  spent: Spend;
  gained: number;
  /** What went wrong with the answer, in plain words (empty when nothing did). */
  notices: string[];
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
  /** Why last round's answer lost actions, in plain words (empty when it lost none). */
  notices: string[];
}
