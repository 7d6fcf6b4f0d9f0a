import type { BrainContext } from '@the-house/games/engine/types.ts';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import type { AnswerTrace, SeatInfo } from '@the-house/lab/models/matchRecorder.ts';

/** The kinds of player a table seats; every one behind the same port. */
export type SeatKind = 'strategy' | 'agent' | 'person' | 'remote';

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
 * The port every kind of player plugs into (DESIGN.md, "Seat"): asked for a
 * decision within the runner's deadline (a late or missing one is the game's
 * fallback), told what happened after each round, described for the record.
 * A seat reports its usage through its trace: the table records every seat's
 * answers the same way, whatever it is.
 */
export interface Seat {
  readonly kind: SeatKind;
  /** What the record keeps of the seat, so a replay can rebuild its prompts. */
  readonly info: SeatInfo;
  decide(turn: SeatTurn): Promise<SeatAnswer>;
  /** After a round: what the seat may now know, in its own terms. */
  tell(round: number): Promise<void>;
}
