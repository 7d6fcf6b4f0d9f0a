import { describe, expect, test } from 'bun:test';
import type { GameEvent, Outcome } from '@the-house/games/engine/types.ts';
import type { AnswerTrace, MatchRecord } from '../models/matchRecorder.ts';
import type { ModelCallRecord } from '../models/modelCall.ts';
import { rateMatch } from '../ratings/rateMatch.ts';
import { emptyRatings, RATING_OPTIONS } from '../ratings/ratingTable.ts';
import { clockRulesSchema, newClock } from '../remote/seatClock.ts';
import { ratedSeats } from './ratedSeats.ts';
import { resultNote } from './resultNote.ts';
import { seatResults, type ResultClass } from './seatResults.ts';

/**
 * How a seat answered one phase, in a word: `ok` valid; `rep` repaired;
 * `bad` refused twice; `late` none before the phase closed; `away` a person
 * the House marked away; `base` its baseline played (a spent budget, a
 * substitute); `r-slow`, `r-bad`, `r-policy`, `r-500` a remote seat's timeout,
 * refused answers, the House's outbound policy, its OpenAI-compatible
 * server's 500 past retries; `500` and `slow` a model call's 500 and timeout
 * past its gate's retries; `stop` a call the House cancelled.
 */
type Turn = 'ok' | 'rep' | 'bad' | 'late' | 'away' | 'base' | 'r-ok' | 'r-slow' | 'r-bad' | 'r-policy' | 'r-500' | '500' | 'slow' | 'stop';

interface Case {
  name: string;
  players?: string[];
  /** One entry per phase (round i + 1): each seat's turn; `sub:X` after a phase substitutes X (a remote clock's notice). */
  phases: Array<Record<string, Turn | `${Turn} sub`>>;
  winners: string[];
  scores: Record<string, number>;
  over?: boolean;
  classes: Record<string, ResultClass>;
  expectWinners: string[];
  places: Record<string, number | null>;
  unrated?: string | RegExp | null;
}

function recordOf(phases: Case['phases']): MatchRecord {
  const record: MatchRecord = { seats: {}, calls: [], phases: [] };
  const call = (caller: string, round: number, over: Partial<ModelCallRecord>): number => {
    const seq = record.calls.length;
    record.calls.push({ seq, matchId: 'm', caller, purpose: 'decision', round, phase: 'act', provider: 'p', model: 'm', promptHash: '', params: {}, response: null, error: null, tokensIn: 10, tokensOut: 2, latencyMs: 1, retries: [], cost: 0.01, at: 0, ...over });
    return seq;
  };
  phases.forEach((seats, i) => {
    const round = i + 1;
    const answers: Record<string, AnswerTrace> = {};
    const notices: GameEvent[] = [];
    for (const [player, spec] of Object.entries(seats)) {
      const [turn, sub] = spec.split(' ') as [Turn, string | undefined];
      const remote = (fault?: object) => ({ remote: 'http', ...(fault ? { fault } : {}) });
      const trace = (t: Partial<AnswerTrace>): AnswerTrace => ({ kind: 'model', texts: [], calls: [], outcome: 'fallback', errors: [], ...t });
      const failed = (status: number | null, reason: 'server error' | 'timeout' | 'cancelled', params: Record<string, unknown> = {}) =>
        trace({ calls: [call(player, round, { error: reason, failure: { status, reason }, params })], errors: [reason] });
      answers[player] = {
        ok: () => trace({ texts: ['{}'], calls: [call(player, round, { response: '{}' })], outcome: 'valid' }),
        'r-ok': () => trace({ texts: ['{}'], calls: [call(player, round, { response: '{}', params: remote() })], outcome: 'valid' }),
        rep: () => trace({ texts: ['x', '{}'], calls: [call(player, round, {}), call(player, round, {})], outcome: 'repaired', errors: ['bad'] }),
        bad: () => trace({ texts: ['x', 'y'], calls: [call(player, round, {}), call(player, round, {})], errors: ['bad', 'still bad'] }),
        late: () => trace({ errors: ['no decision in time'] }),
        away: () => trace({ kind: 'human', errors: ['away'] }),
        base: () => trace({ kind: 'baseline', texts: ['{}'], outcome: 'valid' }),
        'r-slow': () => trace({ calls: [call(player, round, { error: 'timeout', failure: { status: null, reason: 'timeout' }, params: remote({ by: 'seat', kind: 'timeout' }) })], errors: ['no answer within 100 ms'] }),
        'r-bad': () => trace({ texts: ['x', 'y'], calls: [call(player, round, { params: remote() }), call(player, round, { params: remote({ by: 'seat', kind: 'invalid' }) })], errors: ['bad', 'still bad'] }),
        'r-policy': () => trace({ calls: [call(player, round, { error: 'failed', failure: { status: null, reason: 'failed' }, params: remote({ by: 'house', kind: 'policy' }) })], errors: ['the address is one the House does not call (HOUSE_FETCH_ALLOW)'] }),
        'r-500': () => trace({ calls: [call(player, round, { error: '500 server error', failure: { status: 500, reason: 'server error' }, params: remote({ by: 'provider', kind: 'server error' }) })], errors: ['500 server error from openai@x'] }),
        '500': () => failed(500, 'server error'),
        slow: () => failed(null, 'timeout'),
        stop: () => failed(null, 'cancelled'),
      }[turn]();
      if (sub) notices.push({ type: 'seat_substituted', data: { player, why: '3 turns in a row without a valid answer', strategy: 'copycat' } });
    }
    record.phases.push({ round, phase: 'act', answers, ...(notices.length ? { notices } : {}) });
  });
  return record;
}

const cases: Case[] = [
  {
    name: 'every seat plays its own moves: the game decides, as it said',
    phases: [{ a: 'ok', b: 'rep' }, { a: 'ok', b: 'ok' }],
    winners: ['a'],
    scores: { a: 5, b: 9 },
    classes: { a: 'decided', b: 'decided' },
    expectWinners: ['a'],
    places: { a: 1, b: 2 },
  },
  {
    name: 'a hanging remote seat substituted after its misses forfeits: its substitute won the game, the win passes to the other seat',
    phases: [{ a: 'r-slow', b: 'ok' }, { a: 'r-slow', b: 'ok' }, { a: 'r-slow sub', b: 'ok' }, { a: 'base', b: 'ok' }],
    winners: ['a'],
    scores: { a: 70, b: 20 },
    classes: { a: 'forfeit', b: 'decided' },
    expectWinners: ['b'],
    places: { a: 2, b: 1 },
  },
  {
    name: 'a remote seat answering garbage until substituted forfeits the same way',
    phases: [{ a: 'r-bad', b: 'ok' }, { a: 'r-bad', b: 'ok' }, { a: 'r-bad sub', b: 'ok' }],
    winners: ['a'],
    scores: { a: 30, b: 20 },
    classes: { a: 'forfeit', b: 'decided' },
    expectWinners: ['b'],
    places: { a: 2, b: 1 },
  },
  {
    name: 'a remote seat with a miss or two, never substituted, keeps its result',
    phases: [{ a: 'r-slow', b: 'ok' }, { a: 'r-bad', b: 'ok' }, { a: 'r-ok', b: 'ok' }],
    winners: ['a'],
    scores: { a: 30, b: 20 },
    classes: { a: 'decided', b: 'decided' },
    expectWinners: ['a'],
    places: { a: 1, b: 2 },
  },
  {
    name: "a model seat whose answers were refused three turns in a row forfeits; two in a row and a valid one reset the count",
    players: ['a', 'b', 'c'],
    phases: [{ a: 'bad', b: 'bad', c: 'ok' }, { a: 'bad', b: 'bad', c: 'ok' }, { a: 'late', b: 'ok', c: 'ok' }, { a: 'ok', b: 'bad', c: 'ok' }],
    winners: ['a', 'b'],
    scores: { a: 9, b: 9, c: 1 },
    classes: { a: 'forfeit', b: 'decided', c: 'decided' },
    expectWinners: ['b'],
    places: { a: 3, b: 1, c: 2 },
  },
  {
    name: "a person the House marked away forfeits; their misses before that are theirs to make",
    phases: [{ a: 'ok', b: 'late' }, { a: 'ok', b: 'late' }, { a: 'ok', b: 'away' }],
    winners: [],
    scores: { a: 3, b: 3 },
    classes: { a: 'decided', b: 'forfeit' },
    expectWinners: [],
    places: { a: 1, b: 2 },
  },
  {
    name: "a provider's 500 past retries voids the model seat: no place, no win, the others rated among themselves",
    players: ['a', 'b', 'c'],
    phases: [{ a: 'ok', b: 'ok', c: 'ok' }, { a: '500', b: 'ok', c: 'ok' }],
    winners: ['a'],
    scores: { a: 9, b: 5, c: 7 },
    classes: { a: 'void', b: 'decided', c: 'decided' },
    expectWinners: [],
    places: { a: null, b: 2, c: 1 },
  },
  {
    name: "an OpenAI-compatible entrant's server failing past retries voids its seat, though its clock went on to substitute it",
    phases: [{ a: 'r-500', b: 'ok' }, { a: 'r-500', b: 'ok' }, { a: 'r-500 sub', b: 'ok' }],
    winners: ['b'],
    scores: { a: 0, b: 9 },
    classes: { a: 'void', b: 'decided' },
    expectWinners: ['b'],
    places: { a: null, b: 1 },
  },
  {
    name: "the House's own outbound policy refusing a seat's address voids it, and the match rates no one",
    phases: [{ a: 'r-policy', b: 'ok' }, { a: 'r-policy', b: 'ok' }],
    winners: ['b'],
    scores: { a: 0, b: 9 },
    classes: { a: 'void', b: 'decided' },
    expectWinners: ['b'],
    places: { a: null, b: 1 },
    unrated: "the House's fault at a's turn in round 1: the address is one the House does not call (HOUSE_FETCH_ALLOW)",
  },
  {
    name: 'a model call the House cancelled is its fault too',
    phases: [{ a: 'stop', b: 'ok' }],
    winners: ['a'],
    scores: { a: 1, b: 0 },
    classes: { a: 'void', b: 'decided' },
    expectWinners: [],
    places: { a: null, b: 1 },
    unrated: /^the House's fault at a's turn in round 1/,
  },
  {
    name: "a model's own timeouts are its clock: three in a row forfeit",
    phases: [{ a: 'slow', b: 'ok' }, { a: 'slow', b: 'ok' }, { a: 'slow', b: 'ok' }],
    winners: ['a'],
    scores: { a: 1, b: 0 },
    classes: { a: 'forfeit', b: 'decided' },
    expectWinners: ['b'],
    places: { a: 2, b: 1 },
  },
  {
    name: 'a forfeit stands when a provider fails later',
    phases: [{ a: 'bad', b: 'ok' }, { a: 'bad', b: 'ok' }, { a: 'bad', b: 'ok' }, { a: '500', b: 'ok' }],
    winners: ['b'],
    scores: { a: 0, b: 1 },
    classes: { a: 'forfeit', b: 'decided' },
    expectWinners: ['b'],
    places: { a: 2, b: 1 },
  },
  {
    name: 'a void before the misses run out stays void',
    phases: [{ a: '500', b: 'ok' }, { a: 'bad', b: 'ok' }, { a: 'bad', b: 'ok' }, { a: 'bad', b: 'ok' }],
    winners: ['b'],
    scores: { a: 0, b: 1 },
    classes: { a: 'void', b: 'decided' },
    expectWinners: ['b'],
    places: { a: null, b: 1 },
  },
  {
    name: 'a shared win loses only its forfeit seat; the win passes on only when every winner forfeited',
    players: ['a', 'b', 'c', 'd'],
    phases: [{ a: 'r-slow sub', b: 'ok', c: 'ok', d: 'ok' }],
    winners: ['a', 'b'],
    scores: { a: 9, b: 9, c: 5, d: 7 },
    classes: { a: 'forfeit', b: 'decided', c: 'decided', d: 'decided' },
    expectWinners: ['b'],
    places: { a: 4, b: 1, c: 3, d: 2 },
  },
  {
    name: 'a void winner hands nothing on: the match has no winner among the decided',
    phases: [{ a: '500', b: 'ok' }],
    winners: ['a'],
    scores: { a: 9, b: 1 },
    classes: { a: 'void', b: 'decided' },
    expectWinners: [],
    places: { a: null, b: 1 },
  },
  {
    name: 'a match that did not finish voids every seat not already forfeit, and rates no one',
    phases: [{ a: 'r-slow sub', b: 'ok' }],
    winners: [],
    scores: { a: 0, b: 1 },
    over: false,
    classes: { a: 'forfeit', b: 'void' },
    expectWinners: [],
    places: { a: 1, b: null },
    unrated: 'the match did not finish',
  },
];

describe('seatResults', () => {
  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const players = c.players ?? ['a', 'b'];
    const outcome: Outcome = { over: c.over ?? true, winners: c.winners, kind: 'limit' };
    const results = seatResults(outcome, recordOf(c.phases), { players, scores: c.scores });
    expect(Object.fromEntries(results.seats.map((s) => [s.player, s.class]))).toEqual(c.classes);
    expect(results.winners).toEqual(c.expectWinners);
    expect(Object.fromEntries(results.seats.map((s) => [s.player, s.place]))).toEqual(c.places);
    for (const s of results.seats) expect(s.won).toBe(c.expectWinners.includes(s.player));
    if (c.unrated instanceof RegExp) expect(results.unrated ?? '').toMatch(c.unrated);
    else expect(results.unrated).toBe(c.unrated ?? null);
    for (const s of results.seats) expect(s.cause === null).toBe(s.class === 'decided');
  });

  test('per seat: repairs asked (granted or not), fallbacks, timeouts, tokens and cost from the record; bank used from its clock', () => {
    const record = recordOf([{ a: 'rep', b: 'r-slow' }, { a: 'bad', b: 'r-ok' }, { a: 'late', b: 'r-slow' }]);
    const clock = { ...newClock(clockRulesSchema.parse({ bankMs: 5_000 })), bankLeftMs: 3_800 };
    const results = seatResults({ over: true, winners: ['a'], kind: 'limit' }, record, { players: ['a', 'b'], scores: { a: 1, b: 0 }, clocks: new Map([['b', clock]]) });
    const [a, b] = results.seats;
    expect(a).toMatchObject({ repairs: 2, fallbacks: 2, timeouts: 1, bankUsedMs: null, tokens: 4 * 12 });
    expect(a!.cost).toBeCloseTo(0.04, 10);
    expect(b).toMatchObject({ repairs: 0, fallbacks: 2, timeouts: 2, bankUsedMs: 1_200, tokens: 3 * 12 });
  });

  test("a unit the game added answers for its seat: its misses count to its owner's, and its win is its owner's", () => {
    const record = recordOf([{ a: 'ok', 'a#2': 'bad', b: 'ok' }, { a: 'ok', 'a#2': 'bad', b: 'ok' }, { a: 'bad', 'a#2': 'ok', b: 'ok' }]);
    const ownerOf = (id: string) => id.split('#')[0]!;
    const results = seatResults({ over: true, winners: ['a#2'], kind: 'replicate' }, record, { players: ['a', 'b'], scores: { a: 1, b: 2 }, ownerOf });
    expect(results.seats.map((s) => [s.player, s.class, s.won, s.fallbacks])).toEqual([
      ['a', 'decided', true, 3],
      ['b', 'decided', false, 0],
    ]);
    expect(results.winners).toEqual(['a#2']);
  });

  test('rated: a forfeit falls as a loss; a void seat keeps its rating; a House fault rates no one', () => {
    const forfeit = seatResults({ over: true, winners: ['agent'], kind: 'limit' }, recordOf([{ agent: 'r-slow sub', bot: 'ok' }]), { players: ['agent', 'bot'], scores: { agent: 70, bot: 20 } });
    const rated = rateMatch(emptyRatings('trust'), ratedSeats(forfeit, (p) => p));
    expect(rated.participants.agent!.mu).toBeLessThan(RATING_OPTIONS.mu!);
    expect(rated.participants.bot).toMatchObject({ wins: 1 });
    const voided = seatResults({ over: true, winners: ['bot'], kind: 'limit' }, recordOf([{ agent: '500', bot: 'ok', other: 'ok' }]), { players: ['agent', 'bot', 'other'], scores: { agent: 0, bot: 9, other: 3 } });
    const after = rateMatch(emptyRatings('trust'), ratedSeats(voided, (p) => p));
    expect(Object.keys(after.participants).sort()).toEqual(['bot', 'other']);
    const broken = seatResults({ over: true, winners: ['bot'], kind: 'limit' }, recordOf([{ agent: 'r-policy', bot: 'ok' }]), { players: ['agent', 'bot'], scores: { agent: 0, bot: 9 } });
    expect(ratedSeats(broken, (p) => p)).toEqual([]);
  });

  test('in words: a forfeit names its cause and round; a void whose fault it was', () => {
    const results = seatResults({ over: true, winners: ['a'], kind: 'limit' }, recordOf([{ a: 'r-slow', b: 'r-500' }, { a: 'r-slow sub', b: 'ok' }]), { players: ['a', 'b'], scores: { a: 1, b: 0 } });
    expect(results.seats.map(resultNote)).toEqual([
      'a forfeits from round 2: substituted: 3 turns in a row without a valid answer',
      "b is void from round 1 (its provider's fault: 500 server error from openai@x); not rated",
    ]);
    expect(resultNote(seatResults({ over: true, winners: [], kind: 'draw' }, recordOf([{ a: 'ok', b: 'ok' }]), { players: ['a', 'b'], scores: { a: 0, b: 0 } }).seats[0]!)).toBeNull();
  });
});
