import type { Match } from '@the-house/games/engine/match.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchRecorder } from '../models/matchRecorder.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';

/**
 * After a phase's decisions are in, before outsiders answer: a seat that gave
 * none in time (and left no trace saying why) gets a `fallback` trace, and the notices brains left (a spent
 * budget) join the log in seat order, so the log is the same however the
 * answers raced. The House and headless recorded play both close phases so.
 */
export function closePhase(recorder: MatchRecorder, match: Match, decisions: Record<PlayerId, unknown>): void {
  const { round, phase } = match.state as { round: number; phase: string };
  const trace = recorder.phase(round, phase);
  recorder.close(round, phase);
  const actors = match.actors();
  for (const id of actors) {
    // A seat that answered in time without a decision keeps its own trace: its reasons are the record's.
    if (Object.hasOwn(decisions, id) || Object.hasOwn(trace.answers, id)) continue;
    trace.answers[id] = { kind: ownValue(trace.answers, id)?.kind ?? 'model', texts: [], calls: [], outcome: 'fallback', errors: ['no decision in time'] };
  }
  const order = (e: { data?: Record<string, unknown> }) => actors.indexOf(String(e.data?.player ?? ''));
  const notices = [...(trace.notices ?? [])].sort((a, b) => order(a) - order(b));
  match.log?.appendAll(round, phase, notices);
  if (notices.length) trace.notices = notices;
  else delete trace.notices;
}
