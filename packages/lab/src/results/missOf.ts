import type { AnswerTrace } from '../models/matchRecorder.ts';
import type { ModelCallRecord } from '../models/modelCall.ts';

/** Whose fault a turn was that the seat did not play itself. */
export type Blame = 'seat' | 'house' | 'provider';

/** A turn the game's fallback played for a seat: whose fault, what kind (`timeout`, `invalid`, `away`, `policy`, `server error`, ...) and the record's words for it. */
export interface Miss {
  by: Blame;
  kind: string;
  why: string;
}

/** The words closePhase and a person's desk record when no decision came before the phase closed. */
const NONE_IN_TIME = new Set(['no decision in time', 'no move in time']);

const isFault = (v: unknown): v is { by: Blame; kind: string } =>
  typeof v === 'object' && v !== null && ['seat', 'house', 'provider'].includes((v as { by?: unknown }).by as string) && typeof (v as { kind?: unknown }).kind === 'string';

/**
 * Why a phase's answer ended in the game's fallback, from the record alone;
 * null when the seat's own move (or its baseline's) was played. A remote
 * seat's last ask says whose fault it was (`params.fault`, set by
 * `decideRemote`). A model's call that failed past its gate's retries is its
 * provider's fault, except a timeout (the seat's own clock) and a call the
 * House cancelled. Anything else (answers refused, none in time, a person
 * away) is the seat's.
 */
export function missOf(trace: AnswerTrace, calls: ReadonlyMap<number, ModelCallRecord>): Miss | null {
  if (trace.outcome !== 'fallback') return null;
  const why = trace.errors.at(-1) ?? 'no answer';
  const seq = trace.calls.at(-1);
  const call = seq === undefined ? undefined : calls.get(seq);
  const fault = call?.params.fault;
  if (isFault(fault)) return { by: fault.by, kind: fault.kind, why };
  const failure = call?.failure;
  if (failure && typeof call.params.remote !== 'string') {
    if (failure.reason === 'cancelled') return { by: 'house', kind: 'stopped', why };
    if (failure.reason !== 'timeout') return { by: 'provider', kind: failure.reason, why: call.error ?? why };
  }
  if (trace.kind === 'human' && trace.errors[0] === 'away') return { by: 'seat', kind: 'away', why };
  if (trace.texts.length > 0) return { by: 'seat', kind: 'invalid', why };
  return { by: 'seat', kind: failure?.reason === 'timeout' || NONE_IN_TIME.has(why) ? 'timeout' : 'no answer', why };
}
