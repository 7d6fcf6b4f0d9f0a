import type { BaseState, Outcome, PlayerId } from '../engine/types.ts';
import type { MatrixConfig } from './matrixConfig.ts';
import type { Bimatrix, PresetName } from './matrixPresets.ts';

/** A pair's first seat plays the row of the matrix, the other the column (it matters only when their payoffs differ). */
export type Role = 'row' | 'column';

/** One game of a round: who plays which role. */
export type Pairing = readonly [row: PlayerId, column: PlayerId];

/**
 * Everything one player knows of its games against one opponent, oldest
 * first, one letter a meeting: what it played and what the opponent played
 * (as the moves landed, after noise), and what it meant to play (its own
 * secret: where `meant` differs from `mine`, noise flipped its move).
 */
export interface Meeting {
  /** The role played at the last meeting (fixed for a match under `round-robin`; drawn afresh each round under `pairs`). */
  role: Role;
  mine: string;
  theirs: string;
  meant: string;
  /** The round of each meeting, with `pairs` (under `round-robin` meeting k is round k). */
  rounds?: number[];
}

export interface MatrixState extends BaseState<MatrixConfig> {
  game: 'matrix';
  phase: 'play';
  /** This round's games, in table order (empty once the match is over). */
  table: readonly Pairing[];
  /** With `pairs` and an odd count: who sits this round out. */
  sitting: PlayerId | null;
  /** Rounds each player has sat out (`pairs`): the next odd one out is one who sat out least. */
  byes: Record<PlayerId, number>;
  scores: Record<PlayerId, number>;
  /** What each player gained in the round just played. */
  gains: Record<PlayerId, number>;
  /** Each player's meetings, by opponent. */
  memory: Record<PlayerId, Record<PlayerId, Meeting>>;
  /** Private words for each player about the round just played (a refused move, a flipped one). */
  notices: Record<PlayerId, string[]>;
  result: Outcome;
}

/** An opponent of this round, with the role the viewer plays against it. */
export interface Opponent {
  id: PlayerId;
  role: Role;
}

export interface MatrixView {
  game: 'matrix';
  you: PlayerId;
  /** The round to play now; once the match is over, its last round. */
  round: number;
  over: boolean;
  /** The match's length when players are told it (a fixed length, horizon known); null otherwise. */
  rounds: number | null;
  /** The chance another round follows each one; 1 for a fixed length. */
  continuation: number;
  noise: number;
  pairing: MatrixConfig['pairing'];
  /** The preset played, or null for payoffs of the match's own. */
  preset: PresetName | null;
  payoffs: Bimatrix;
  /** This round's opponents in table order; empty when the viewer sits out or the match is over. */
  opponents: readonly Opponent[];
  /** The viewer's meetings with every opponent met so far. Read-only. */
  met: Readonly<Record<PlayerId, Meeting>>;
  score: number;
  /** Everyone's score (public). Read-only. */
  scores: Readonly<Record<PlayerId, number>>;
  /** What the viewer gained last round. */
  gain: number;
  notices: readonly string[];
}
