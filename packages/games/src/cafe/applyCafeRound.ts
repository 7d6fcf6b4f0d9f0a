import type { GameEvent, PhaseInput, PlayerId, Step } from '../engine/types.ts';
import { cafeActors } from './cafeActors.ts';
import { readHouseChallenge } from './cafeChallenge.ts';
import type { CafeMove } from './cafeDecision.ts';
import { eliminationLevel } from './cafeConfig.ts';
import type { CafePlayer, CafeState, Challenge, Verdict } from './cafeTypes.ts';
import { formatTokens, percentOf, toTokens } from './cents.ts';
import { challengeForRound } from './challengeOrder.ts';
import { checkJudgeAnswer } from './checkJudgeAnswer.ts';
import { readCafeDecision } from './readCafeDecision.ts';
import { resolveMarket } from './resolveMarket.ts';
import { standInJudge } from './standInJudge.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';

/**
 * Plays one whole round in the order of RULES Café 3: interest, loans falling
 * due, the MARKET, the challenge, responses, judging, levels and the +500
 * award, survival and group bonuses, eliminations; then the ending check.
 *
 * Input: `decisions[player] = {market, response}` from every living player
 * (missing or malformed parts are refused with the reason; a missing response
 * makes the player the worst), and optionally `external.judge = {best, worst,
 * reason?}` (the House's verdict, which stands if `checkJudgeAnswer` accepts
 * it; otherwise the stand-in judge decides and a `judge_overruled` event says
 * why) and `external.challenge = {prompt, id?, keywords?}` (a House-written
 * challenge for this round; a bad one is refused with an event and the bank's
 * challenge stays).
 *
 * Documented choices: the judged players are those alive at the round's start
 * (a player resurrected in this MARKET is judged from the next round on);
 * "living" for the bonuses means alive before this round's eliminations
 * (RULES C-a, the spec's step order): the player who falls to the
 * elimination level this round still gets the survival bonus and still counts
 * for the group bonus, then it is eliminated; an eliminated borrower repays
 * from its frozen bank when the bank covers the debt and defaults only when it
 * cannot (RULES C-c), before the MARKET, so a resurrection in the same round
 * brings it back with what the debt left; a repayment to an eliminated lender
 * lands in its frozen bank; loans due after the last round are never collected.
 */
export function applyCafeRound(state: CafeState, input: PhaseInput): Step<CafeState> {
  if (state.result.over) return { state, events: [] };
  const s: CafeState = {
    ...state,
    table: state.table.map((p) => ({ ...p })),
    offers: state.offers.map((o) => ({ ...o })),
    loans: state.loans.map((l) => ({ ...l })),
  };
  const cfg = s.config;
  const r = s.round;
  const events: GameEvent[] = [];
  const seat = new Map<PlayerId, CafePlayer>(s.table.map((p) => [p.id, p]));
  const judged = cafeActors(state);

  const interest: Record<PlayerId, number> = nullRecord();
  for (const p of s.table) {
    if (!p.alive) continue;
    const gain = percentOf(p.cents, cfg.interestRate);
    p.cents += gain;
    interest[p.id] = toTokens(gain);
  }
  events.push({ type: 'interest', data: { rate: cfg.interestRate, paid: interest } });

  const stillOut = [];
  for (const loan of s.loans) {
    if (loan.dueRound > r) {
      stillOut.push(loan);
      continue;
    }
    const borrower = seat.get(loan.borrower)!;
    const lender = seat.get(loan.lender)!;
    const base = { loan: loan.id, lender: loan.lender, borrower: loan.borrower, principal: toTokens(loan.principalCents), rate: loan.rate, owed: toTokens(loan.dueCents) };
    // RULES C-c: a frozen bank is frozen for interest and bonuses, not for debts; an eliminated borrower pays when its bank covers the debt.
    if (borrower.cents >= loan.dueCents) {
      borrower.cents -= loan.dueCents;
      lender.cents += loan.dueCents;
      events.push({ type: 'loan_repaid', data: base });
    } else {
      const why = borrower.alive ? 'cannot pay' : `cannot pay: its frozen bank holds ${formatTokens(borrower.cents)} tokens`;
      events.push({ type: 'loan_defaulted', data: { ...base, why } });
    }
  }
  s.loans = stillOut;

  // Keyed by player ids: records without a prototype, so `valueOf` or `toString` is a player like any other.
  const refusals: Record<PlayerId, string[]> = nullRecord();
  const movesBy: Record<PlayerId, CafeMove[]> = nullRecord();
  const responses: Record<PlayerId, string> = nullRecord();
  for (const id of judged) {
    const read = readCafeDecision(ownValue(input.decisions, id));
    movesBy[id] = read.moves;
    responses[id] = read.response.trim();
    for (const why of read.problems) {
      (refusals[id] ??= []).push(why);
      events.push({ type: 'decision_problem', data: { player: id, why }, to: [id] });
    }
  }
  resolveMarket(s, movesBy, refusals, events);

  let challenge: Challenge = s.challenge;
  const ext = input.external?.challenge;
  if (ext !== undefined) {
    const read = readHouseChallenge(ext, r);
    if (read.ok) challenge = read.value;
    else events.push({ type: 'challenge_refused', data: { why: read.error, kept: challenge.id } });
  }
  events.push({ type: 'challenge', data: { id: challenge.id, prompt: challenge.prompt, keywords: challenge.keywords } });
  events.push({ type: 'responses', data: { responses } });

  const verdict = judge(s, challenge, responses, judged, input.external?.judge, events);
  const best = seat.get(verdict.best)!;
  const worst = seat.get(verdict.worst)!;
  best.level = Math.min(cfg.maxLevel, best.level + 1);
  best.cents += cfg.bestAward * 100;
  worst.level -= 1;
  events.push({ type: 'verdict', data: { ...verdict, award: cfg.bestAward, levels: { [best.id]: best.level, [worst.id]: worst.level } } });

  // RULES C-a: both bonuses before the elimination check, so a player falling out this round is still living here.
  const out = eliminationLevel(cfg);
  const living = s.table.filter((p) => p.alive);
  for (const p of living) p.cents += cfg.survivalBonus * 100;
  const everyone = living.length === s.table.length;
  if (everyone) for (const p of living) p.cents += cfg.groupBonus * 100;
  events.push({ type: 'bonuses', data: { survival: cfg.survivalBonus, group: everyone ? cfg.groupBonus : 0, to: living.map((p) => p.id) } });

  for (const p of s.table) {
    if (p.alive && p.level <= out) {
      p.alive = false;
      p.level = out;
      events.push({ type: 'eliminated', data: { player: p.id, tokens: toTokens(p.cents) } });
    }
  }
  s.offers = s.offers.filter((o) => seat.get(o.lender)!.alive && seat.get(o.borrower)!.alive);
  events.push({ type: 'standings', data: { players: Object.fromEntries(s.table.map((p) => [p.id, { tokens: toTokens(p.cents), level: p.level, alive: p.alive }])) } });

  s.last = { round: r, challenge, responses, verdict };
  s.notices = refusals;
  const alive = s.table.filter((p) => p.alive);
  // Survivors by tokens, richest first; seat order among equals.
  const ranking = [...alive].sort((a, b) => b.cents - a.cents);
  if (alive.length <= 1) {
    s.result = { over: true, winners: alive.map((p) => p.id), kind: 'dominance' };
  } else if (r >= cfg.rounds) {
    if (alive.length === s.table.length) s.result = { over: true, winners: alive.map((p) => p.id), kind: 'cooperative' };
    else s.result = { over: true, winners: ranking.filter((p) => p.cents === ranking[0]!.cents).map((p) => p.id), kind: 'ranked' };
  } else {
    s.round = r + 1;
    s.challenge = challengeForRound(s.challengeOrder, s.round);
  }
  if (s.result.over) {
    const data: Record<string, unknown> = { kind: s.result.kind, winners: s.result.winners };
    if (s.result.kind === 'ranked') data.ranking = ranking.map((p) => ({ player: p.id, tokens: toTokens(p.cents), level: p.level }));
    events.push({ type: 'match_over', data });
  }
  return { state: s, events };
}

/** The round's verdict: the House's if `checkJudgeAnswer` lets it stand, else the stand-in judge's. */
function judge(s: CafeState, challenge: Challenge, responses: Record<PlayerId, string>, judged: PlayerId[], raw: unknown, events: GameEvent[]): Verdict {
  if (raw !== undefined) {
    const checked = checkJudgeAnswer(judged, responses, raw);
    if (checked.ok) return { best: checked.decision.best, worst: checked.decision.worst, reason: checked.decision.reason || 'the House judge gave no reason', by: 'external' };
    events.push({ type: 'judge_overruled', data: { why: checked.error } });
  }
  const v = standInJudge(s.seed, s.round, challenge, responses, judged);
  return { best: v.best, worst: v.worst, reason: v.reason, by: 'stand-in' };
}
