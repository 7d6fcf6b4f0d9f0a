import type { Outcome, PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchRecord } from '../models/matchRecorder.ts';
import type { ModelCallRecord } from '../models/modelCall.ts';
import { placements } from '../ratings/placements.ts';
import { clockRulesSchema, type SeatClockState } from '../remote/seatClock.ts';
import { missOf, type Blame } from './missOf.ts';

/**
 * What a seat's result is (issues 36 and 37): `decided` by its own play;
 * `forfeit` when its own faults took the match out of its hands (a remote seat
 * substituted after its misses or its bank, a person away, a model seat with
 * the game's fallback played for it three turns in a row); `void` when a fault
 * not its own played one of its turns before that (the House's outbound policy
 * refused the call, its provider failed past retries, the House stopped or
 * could not finish the match).
 */
export type ResultClass = 'decided' | 'forfeit' | 'void';

/** Why a seat is forfeit or void: whose fault, in the record's words, and the turn it began at (none when the match did not finish). */
export interface ResultCause {
  by: Blame;
  why: string;
  at: { round: number; phase: string } | null;
}

export interface SeatResultRow {
  player: PlayerId;
  class: ResultClass;
  cause: ResultCause | null;
  won: boolean;
  /** 1 is best among the decided seats (the winners first, then by score); a forfeit seat comes after every decided one; a void seat has none. */
  place: number | null;
  /** Repair turns asked (its first answer refused), whether the repair was then valid or not. */
  repairs: number;
  /** Turns the game's fallback played for it, whoever's fault. */
  fallbacks: number;
  /** Turns the fallback played because no answer came in time (the seat's own clock). */
  timeouts: number;
  /** What a remote seat took of its time bank; null for a seat without a clock. */
  bankUsedMs: number | null;
  tokens: number;
  cost: number;
}

export interface SeatResults {
  seats: SeatResultRow[];
  /** The game's winners whose seats are decided; if every one of them forfeited, the best decided seats by score (a forfeit hands the win on, a void does not). */
  winners: PlayerId[];
  /** Why the match rates no one: a fault of the House's own, or a match that did not finish. */
  unrated: string | null;
}

export interface SeatResultsInput {
  /** The seats, in seat order. */
  players: readonly PlayerId[];
  /** Each seat's final score (the game's `score`). */
  scores: Readonly<Record<PlayerId, number>>;
  /** The seat a unit the game added belongs to (`seatOwner`); a seat's own id by default. */
  ownerOf?: (id: PlayerId) => PlayerId;
  /** Remote seats' clocks as the match left them. */
  clocks?: ReadonlyMap<PlayerId, SeatClockState>;
}

/** Own misses in a row that forfeit a seat without a clock of its own: a remote clock's default `maxMisses`. */
export const MISSES_TO_FORFEIT = clockRulesSchema.parse({}).maxMisses;

interface Tally {
  row: SeatResultRow;
  streak: number;
  remote: boolean;
}

const rowOf = (player: PlayerId, clock: SeatClockState | undefined): SeatResultRow => ({
  player,
  class: 'decided',
  cause: null,
  won: false,
  place: null,
  repairs: 0,
  fallbacks: 0,
  timeouts: 0,
  bankUsedMs: clock ? Math.max(0, clock.rules.bankMs - clock.bankLeftMs) : null,
  tokens: 0,
  cost: 0,
});

/** The seat's class is settled by the first fault that takes the match out of its hands; later ones only count. */
function settle(t: Tally, cls: 'forfeit' | 'void', cause: ResultCause): void {
  if (t.row.class !== 'decided') return;
  t.row.class = cls;
  t.row.cause = cause;
}

/** Walks the record's phases in the order they were played: each seat's answers, then the House's notices (a substitution). */
function classify(record: MatchRecord, tallies: ReadonlyMap<PlayerId, Tally>, ownerOf: (id: PlayerId) => PlayerId): void {
  const calls = new Map<number, ModelCallRecord>(record.calls.map((c) => [c.seq, c]));
  for (const phase of record.phases) {
    const at = { round: phase.round, phase: phase.phase };
    for (const [unit, trace] of Object.entries(phase.answers)) {
      const t = tallies.get(ownerOf(unit));
      if (!t) continue;
      if (trace.texts.length > 1) t.row.repairs += 1;
      if (trace.outcome === 'fallback') t.row.fallbacks += 1;
      const miss = missOf(trace, calls);
      if (!miss) {
        t.streak = 0;
        continue;
      }
      if (miss.by !== 'seat') {
        settle(t, 'void', { by: miss.by, why: miss.why, at });
        continue;
      }
      if (miss.kind === 'timeout') t.row.timeouts += 1;
      if (miss.kind === 'away') settle(t, 'forfeit', { by: 'seat', why: `away (${miss.why})`, at });
      // A remote seat forfeits when its clock substitutes it (below); a person when the House marks them away.
      if (t.remote || trace.kind === 'human') continue;
      t.streak += 1;
      if (t.streak >= MISSES_TO_FORFEIT) settle(t, 'forfeit', { by: 'seat', why: `${t.streak} turns in a row without a valid answer (the last: ${miss.why})`, at });
    }
    for (const notice of phase.notices ?? []) {
      if (notice.type !== 'seat_substituted') continue;
      const t = tallies.get(ownerOf(String(notice.data?.player ?? '')));
      if (t) settle(t, 'forfeit', { by: 'seat', why: `substituted: ${String(notice.data?.why ?? 'too many misses')}`, at });
    }
  }
}

/** The winners and places that follow from the classes (see `SeatResults.winners` and `SeatResultRow.place`). */
function rank(outcome: Outcome, tallies: ReadonlyMap<PlayerId, Tally>, players: readonly PlayerId[], scores: Readonly<Record<PlayerId, number>>, ownerOf: (id: PlayerId) => PlayerId): PlayerId[] {
  const classOf = (id: PlayerId) => tallies.get(ownerOf(id))?.row.class;
  const decided = players.filter((p) => classOf(p) === 'decided');
  let winners = outcome.winners.filter((w) => classOf(w) === 'decided');
  const score = (p: PlayerId) => (Object.hasOwn(scores, p) ? scores[p]! : 0);
  if (!winners.length && outcome.winners.length && outcome.winners.every((w) => classOf(w) === 'forfeit') && decided.length) {
    const byScore = placements({ ...outcome, winners: [] }, Object.fromEntries(decided.map((p) => [p, score(p)])));
    winners = decided.filter((p) => byScore[p] === 1);
  }
  const won = new Set(winners.map(ownerOf));
  const places = placements({ ...outcome, winners: [...won] }, Object.fromEntries(decided.map((p) => [p, score(p)])));
  for (const t of tallies.values()) {
    const { row } = t;
    row.won = won.has(row.player);
    row.place = row.class === 'decided' ? places[row.player]! : row.class === 'forfeit' ? decided.length + 1 : null;
  }
  return winners;
}

/**
 * Each seat's result, from the game's outcome and the match's record alone:
 * an overlay on the game's own ending, so a match's log stays what the game
 * wrote. Rules (README, "Results"):
 * - a turn the game's fallback played is a miss, blamed on the seat (answers
 *   refused after the repair, none in time, a person away), on the House
 *   (its outbound policy refused the call, its own stop) or on a provider
 *   (a model's call, or an OpenAI-compatible entrant's server, that failed
 *   with a 5xx or a rate limit past the gate's retries);
 * - the first miss not the seat's makes it `void`; the seat forfeits first
 *   if before that it was substituted (a remote seat's clock: its misses in a
 *   row, or its bank), marked away (a person), or missed
 *   `MISSES_TO_FORFEIT` turns in a row by its own fault (any other seat);
 * - a match that did not finish leaves every seat not yet forfeit `void`;
 * - any seat void by the House's fault leaves the match unrated for all:
 *   every seat played against a table the House broke.
 */
export function seatResults(outcome: Outcome, record: MatchRecord, input: SeatResultsInput): SeatResults {
  const ownerOf = input.ownerOf ?? ((id: PlayerId) => id);
  const remote = new Set(record.calls.filter((c) => typeof c.params.remote === 'string').map((c) => ownerOf(c.caller)));
  const tallies = new Map<PlayerId, Tally>(
    input.players.map((p) => {
      const clock = input.clocks?.get(p);
      return [p, { row: rowOf(p, clock), streak: 0, remote: remote.has(p) || clock !== undefined }];
    }),
  );
  for (const c of record.calls) {
    const t = tallies.get(ownerOf(c.caller));
    if (!t) continue;
    t.row.tokens += c.tokensIn + c.tokensOut;
    t.row.cost += c.cost;
  }
  classify(record, tallies, ownerOf);
  if (!outcome.over) for (const t of tallies.values()) settle(t, 'void', { by: 'house', why: 'the match did not finish', at: null });
  const winners = rank(outcome, tallies, input.players, input.scores, ownerOf);
  const seats = input.players.map((p) => tallies.get(p)!.row);
  const broken = seats.find((s) => s.class === 'void' && s.cause?.by === 'house');
  const unrated = !outcome.over ? 'the match did not finish' : broken ? `the House's fault at ${broken.player}'s turn${broken.cause!.at ? ` in round ${broken.cause!.at.round}` : ''}: ${broken.cause!.why}` : null;
  return { seats, winners, unrated };
}
