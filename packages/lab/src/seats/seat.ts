import type { Match } from '@the-house/games/engine/match.ts';
import type { BrainContext } from '@the-house/games/engine/types.ts';
import type { DecisionRequest } from '../decision/decisionRequest.ts';
import type { ViewWindow } from '../decision/playerView.ts';
import type { AnswerTrace, MatchRecorder, SeatInfo } from '../models/matchRecorder.ts';

/**
 * The kinds of player, everywhere a match is played: a baseline strategy, a
 * model behind a client, a remote agent (A2A, MCP, HTTP, an
 * OpenAI-compatible endpoint), and, at a House table, a player agent of the
 * host or a person.
 */
export type SeatKind = 'strategy' | 'model' | 'remote' | 'agent' | 'person';

/** One decision a seat is asked for: its own view as a request (legal moves, schema), and the runner's context (deadline, stream). */
export interface SeatTurn {
  view: unknown;
  ctx: BrainContext;
  request: DecisionRequest;
}

/**
 * A seat's answer: the decision and how it came (texts, model calls, repairs,
 * in the record's terms). `missing` says why there is none: the game's
 * fallback then plays, and the log says why.
 */
export interface SeatAnswer {
  decision: unknown;
  trace: AnswerTrace;
  missing?: string;
}

/**
 * The port every kind of player plugs into (DESIGN.md, "Seat"), for headless
 * play, sweeps, replays and the House alike: asked for a decision within the
 * runner's deadline (a late or missing one is the game's fallback), told
 * after each round, described for the record. A seat reports its usage
 * through its trace; `seatBrain` records every kind's answers the same way.
 */
export interface Seat {
  readonly kind: SeatKind;
  /** What the record keeps of the seat, so a replay can rebuild its prompts. */
  readonly info: SeatInfo;
  decide(turn: SeatTurn): Promise<SeatAnswer>;
  /** After a round: what the seat may now know, in its own terms. */
  tell(round: number): Promise<void>;
}

/** What a seat sees of the match it sits in, wherever it is played: the match, its id and recorder, the stop, the prompts' window. */
export interface SeatMatch {
  readonly match: Match;
  readonly matchId: string;
  readonly recorder: MatchRecorder;
  /** The House's (or the run's) own stop: what it cuts short is never the seat's fault. */
  readonly signal: AbortSignal;
  readonly window: ViewWindow;
}
