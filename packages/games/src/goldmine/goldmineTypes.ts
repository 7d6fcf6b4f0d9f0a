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

/** A contested or uncontested claim on one plot; `by` are seat indexes in ascending player id (RULES G-b). */
export interface ClaimResult {
  plot: number;
  by: number[];
  winner: number;
}

/**
 * Raids on one plot: `owner` at the round's start, raiders in ascending player
 * id, whether the owner defended it, who was blocked (by defense or truce), and
 * the new owner (-1 when the plot stayed with its owner, or the authority gave
 * it back: then `returnedFrom` is the raider who had taken it).
 */
export interface RaidResult {
  plot: number;
  owner: number;
  by: number[];
  defended: boolean;
  truce: boolean;
  blocked: number[];
  winner: number;
  returnedFrom?: number;
}

/** One public cheap-talk line (RULES G-e `talk`), by seat. */
export interface TalkLine {
  seat: number;
  text: string;
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
  /** With `talk` on: the lines players posted this round, in seat order (shown to all next round). */
  talk?: TalkLine[];
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
  tally: { claims: number; contested: number; raids: number; captures: number; defenses: number; returned?: number };
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
  /** With `authority` on: gold each seat was fined this round (already taken out of `gold`). */
  fined?: number[];
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

/**
 * The match. Agent ids are seat indexes into `players`; tie-breaks order
 * participants by the players' ids (RULES G-b). Plot arrays are indexed by
 * plot id, row-major.
 */
export interface GoldmineState extends BaseState<GoldmineConfig> {
  owner: number[];
  /** Round in which the current owner acquired the plot (0 when unowned). */
  since: number[];
  /** Last round in which the plot is protected by a claim truce (0: none). */
  truceUntil: number[];
  gold: number[];
  /** Each seat's stamina S, resolved from the config at setup (RULES G-e). */
  staminaOf: number[];
  /** Each plot's alpha, resolved from `plotAlpha` at setup; null when every plot yields `alpha`. */
  alphaOf: number[] | null;
  /** Public records of past rounds: none (`none`), the last one (`last`), the last K=5 (`k5`), or every round played (`full`). */
  recent: RoundPublic[];
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
  /** This player's stamina S. */
  stamina: number;
  /** Every seat's S when they differ (RULES G-e), else null. */
  staminaOf: readonly number[] | null;
  cap: number;
  alpha: number;
  /** Every plot's alpha (RULES G-e `plotAlpha`), or null: every plot yields `alpha`. */
  plotAlpha: readonly number[] | null;
  truce: number;
  defense: GoldmineConfig['defense'];
  history: GoldmineConfig['history'];
  /** Whether players may post a public line this round. */
  talk: boolean;
  /** The authority's tenure (0: none) and fine. */
  authority: { tenure: number; fine: number } | null;
  /** Plots the authority protects this round: their holder has held them for at least `tenure` rounds. */
  authorityPlots: number[];
  /** Owner seat of every plot (-1 unowned), shared with the state: read only. */
  owner: readonly number[];
  /** Plots whose claim truce protects them from raids this round. */
  protectedPlots: number[];
  gold: number;
  /** Public records of past rounds, oldest first (none with `none`, at most one with `last`, five with `k5`, all with `full`). */
  recent: readonly RoundPublic[];
  own: OwnRound | null;
  /** Why last round's answer lost actions, in plain words (empty when it lost none). */
  notices: string[];
}
