import type { Match, RoundRecord } from '@the-house/games/engine/match.ts';
import { runMatch } from '@the-house/games/engine/runner.ts';
import { lazyRecord, ownValue } from '@the-house/games/engine/safeKey.ts';
import type { Outcome, PlayerId, Strategy } from '@the-house/games/engine/types.ts';
import type { ViewWindow } from '../decision/playerView.ts';
import { matchOverBudget, type Budget } from '../models/budget.ts';
import type { MatchRecorder } from '../models/matchRecorder.ts';
import type { RemoteSeatLine } from '../remote/decideRemote.ts';
import { closePhase } from './closePhase.ts';
import { ModelSeat, type ModelSeatSpec } from './modelSeat.ts';
import { RemoteSeat } from './remoteSeat.ts';
import type { Seat, SeatMatch } from './seat.ts';
import { seatBrain } from './seatBrain.ts';
import { seatOwner } from './seatOwner.ts';
import { StrategySeat } from './strategySeat.ts';

/** A headless seat as the command line or a sweep names it: a baseline strategy, a model behind a client (with the baseline it falls back to once its budget is spent), or a remote agent. */
export type HeadlessSeat =
  | { kind: 'offline'; strategy: Strategy<any, any> }
  | ({ kind: 'model' } & ModelSeatSpec)
  /** A remote agent (A2A, MCP, HTTP, an entrant's endpoint): the same compact prompt a model seat reads, its own clock and baseline (`remote/decideRemote.ts`). */
  | { kind: 'remote'; line: RemoteSeatLine };

export interface RecordedPlayOptions {
  matchId: string;
  budget: Budget;
  window: ViewWindow;
  deadlineMs?: number;
  signal?: AbortSignal;
  onRound?: (record: RoundRecord) => void;
}

/** The seat a headless spec names, at this match. */
export function headlessSeat(table: SeatMatch, owner: PlayerId, spec: HeadlessSeat, budget: Budget): Seat {
  if (spec.kind === 'offline') return new StrategySeat(table, spec.strategy);
  if (spec.kind === 'remote') return new RemoteSeat(table, owner, () => spec.line, spec.line.fallback?.name ?? null);
  return new ModelSeat(table, owner, spec, budget);
}

/**
 * One match without ElizaOS, every answer recorded as the House records it,
 * through the same seats (`Seat`, `seatBrain`): a baseline's move as the JSON
 * text it would send, a model's through the same prompt, gate, repair round
 * and budget rules as in the House. The record (with the log) is what
 * `replay-match` replays. Stops at the end, or when the match's budget is
 * spent (`paused`).
 */
export async function playRecorded(match: Match, specs: Record<PlayerId, HeadlessSeat>, recorder: MatchRecorder, opts: RecordedPlayOptions): Promise<{ outcome: Outcome; paused: string | null }> {
  const stop = new AbortController();
  opts.signal?.addEventListener('abort', () => stop.abort());
  const table: SeatMatch = { match, matchId: opts.matchId, recorder, signal: stop.signal, window: opts.window };
  const seats = new Map<PlayerId, Seat>();
  const seatOf = (owner: PlayerId): Seat | undefined => {
    const spec = ownValue(specs, owner);
    if (!spec) return undefined;
    if (!seats.has(owner)) seats.set(owner, headlessSeat(table, owner, spec, opts.budget));
    return seats.get(owner);
  };
  let paused: string | null = null;
  const brains = lazyRecord((id: PlayerId) => {
    const seat = seatOf(seatOwner(match.state, id));
    if (!seat) return undefined;
    if (!Object.hasOwn(recorder.record.seats, id)) recorder.record.seats[id] = seat.info;
    return seatBrain(table, id, seat);
  });
  const outcome = await runMatch(match, brains, {
    deadlineMs: opts.deadlineMs,
    signal: stop.signal,
    afterCollect: (m, decisions) => closePhase(recorder, m, decisions),
    external: async () => undefined,
    onPhase: (m) => {
      const over = m.over ? null : matchOverBudget(opts.budget, recorder.spend());
      if (over) {
        paused = over;
        stop.abort();
      }
    },
    onRound: async (record) => {
      for (const seat of seats.values()) await seat.tell(record.round);
      opts.onRound?.(record);
    },
  });
  return { outcome, paused };
}
