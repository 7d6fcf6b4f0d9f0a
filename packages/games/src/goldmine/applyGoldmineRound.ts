import { hashSeed, Rng } from '../engine/rng.ts';
import { ownValue } from '../engine/safeKey.ts';
import type { GameEvent, PhaseInput, Step } from '../engine/types.ts';
import { cleanDecision, type CleanedDecision } from './cleanDecision.ts';
import { dropNotices } from './dropNotices.ts';
import { HISTORY_K } from './goldmineConfig.ts';
import type { ClaimResult, Draw, GoldmineState, OwnRound, RaidResult, RoundLedger, RoundLog, RoundMap, RoundPublic, Spend, TalkLine } from './goldmineTypes.ts';
import { seatsById } from './seatsById.ts';

/** Dropped actions listed one by one in an `actions_dropped` event; a flood of thousands is counted, not copied into the log. */
const LOGGED_DROPS = 20;

/** The seed of the stream a tie-break draws from: hash(seed, round, plot, event type), as the ODD prescribes. */
export function tieBreakStream(seed: number, round: number, plot: number, kind: 'claim' | 'raid'): number {
  return hashSeed(seed, round, plot, kind);
}

/**
 * A seeded tie-break (ODD "stochasticity"): participants already in ascending
 * player id (RULES G-b), one uniform integer in 0..n-1 from the stream seeded by
 * hash(seed, round, plot, kind). Each draw has a stream of its own, so no
 * tie-break depends on how many others came before it.
 */
export function tieBreak(seed: number, round: number, plot: number, kind: 'claim' | 'raid', participants: number[]): Draw {
  const stream = tieBreakStream(seed, round, plot, kind);
  return { kind, plot, participants, stream, winner: participants[Rng.fromSeed(stream).int(0, participants.length - 1)]! };
}

/** An empty participant list, shared: logged rounds never edit their lists. */
const NOBODY: number[] = [];
/** The history `none` keeps: shared, since views only read it. */
const NO_ROUNDS: RoundPublic[] = [];

/** A resolved round: the next state, the round's complete Step 4 log, and the events for the match log. */
export interface ResolvedRound {
  state: GoldmineState;
  log: RoundLog;
  events: GameEvent[];
}

/**
 * One round of the ODD, Steps 0-4 (null once the match is over).
 *
 * Step 0 cleans every decision against the ownership at the round's start
 * (`cleanDecision`, with the seat's own stamina and the config's cap). Step 1
 * scans plots row-major and gives each claimed plot to its only claimant or to
 * a seeded pick among the claimants (ascending player id, RULES G-b), with a
 * truce through round + truce - 1 (RULES 3). Step 2 scans row-major the raided
 * plots: a truce blocks every raider; a defended plot blocks every raider
 * (`all`) or its one defense point blocks the lowest-id raider (`perRaid`,
 * RULES 4); the raiders left take the plot, one alone or a seeded pick among
 * several; a captured plot gets no truce. With `authority` N (RULES G-e), a
 * plot taken from a holder of at least N rounds goes back to it at once, as
 * if never lost. Step 3 pays k x the plot's alpha for every mine action (k in
 * 0..cap, RULES G-a) whose plot its miner still owns: a plot lost this round
 * yields 0 (its stamina is spent all the same), and a plot gained this round
 * was not the miner's at the start, so Step 0 already dropped any mining of
 * it; then the authority fines every raider of each plot it gave back
 * (RULES G-g: not only the one the draw picked, a raider a `perRaid` defense
 * stopped too; per plot, never more gold than the raider holds). Step 4 logs the round and clears the defense
 * flags, which live only in this round's decisions.
 *
 * Events, in order: per player, `fallback` or `actions_dropped` when Step 0
 * changed its answer and `actions` (its kept list, stamina, gold), all private
 * to it; the public `round` (RoundMap: per-plot events, talk lines, RNG
 * order, the map after the round); the `ledger` (RoundLedger: everyone's gold,
 * stamina and fines), private to every player (`to: []`).
 */
export function resolveGoldmineRound(state: GoldmineState, input: PhaseInput): ResolvedRound | null {
  if (state.over) return null;
  const { config, players, seed, round, staminaOf, alphaOf } = state;
  const n = players.length;
  const plots = state.owner.length;
  const start = state.owner;
  const events: GameEvent[] = [];

  const kept = new Array<CleanedDecision>(n);
  for (let i = 0; i < n; i++) {
    const id = players[i]!;
    const cleaned = cleanDecision(ownValue(input.decisions, id), start, i, staminaOf[i]!, config.cap, config.talk);
    kept[i] = cleaned;
    if (cleaned.fallback) {
      events.push({ type: 'fallback', data: { player: id, reason: `${cleaned.fallback}; you played no actions this round` }, to: [id] });
    } else if (cleaned.dropped.length) {
      const { dropped } = cleaned;
      const data: Record<string, unknown> = { player: id, dropped: dropped.slice(0, LOGGED_DROPS), kept: cleaned.actions.length };
      if (dropped.length > LOGGED_DROPS) data.more = dropped.length - LOGGED_DROPS;
      events.push({ type: 'actions_dropped', data, to: [id] });
    }
  }
  // Participants join each plot's list in ascending player id (RULES G-b).
  const claimBy: Array<number[] | undefined> = new Array(plots);
  const raidBy: Array<number[] | undefined> = new Array(plots);
  const defense = new Uint8Array(plots);
  for (const i of seatsById(players)) {
    for (const a of kept[i]!.actions) {
      if (a.type === 'claim') (claimBy[a.plot] ??= []).push(i);
      else if (a.type === 'raid') (raidBy[a.plot] ??= []).push(i);
      else if (a.type === 'defend') defense[a.plot] = 1;
    }
  }

  const owner = start.slice();
  const since = state.since.slice();
  const truceUntil = state.truceUntil.slice();
  const claims: ClaimResult[] = [];
  const raids: RaidResult[] = [];
  const defended: number[] = [];
  const draws: Draw[] = [];
  const draw = (kind: 'claim' | 'raid', plot: number, participants: number[]): number => {
    const drawn = tieBreak(seed, round, plot, kind, participants);
    draws.push(drawn);
    return drawn.winner;
  };

  for (let plot = 0; plot < plots; plot++) {
    const by = claimBy[plot];
    if (!by) continue;
    const winner = by.length > 1 ? draw('claim', plot, by) : by[0]!;
    owner[plot] = winner;
    since[plot] = round;
    truceUntil[plot] = config.truce > 0 ? round + config.truce - 1 : 0;
    claims.push({ plot, by, winner });
  }

  const overruled: RaidResult[] = [];
  for (let plot = 0; plot < plots; plot++) {
    if (defense[plot]) defended.push(plot);
    const by = raidBy[plot];
    if (!by) continue;
    const isDefended = defense[plot] === 1;
    const inTruce = state.truceUntil[plot]! >= round;
    let blocked: number[] = NOBODY;
    let open: number[] = by;
    if (inTruce || (isDefended && config.defense === 'all')) [blocked, open] = [by, NOBODY];
    else if (isDefended) [blocked, open] = [by.slice(0, 1), by.slice(1)];
    const taker = open.length === 0 ? -1 : open.length === 1 ? open[0]! : draw('raid', plot, open);
    const raid: RaidResult = { plot, owner: start[plot]!, by, defended: isDefended, truce: inTruce, blocked, winner: taker };
    if (taker !== -1 && config.authority > 0 && round - state.since[plot]! >= config.authority) {
      raid.winner = -1;
      raid.returnedFrom = taker;
      overruled.push(raid);
    } else if (taker !== -1) {
      owner[plot] = taker;
      since[plot] = round;
      truceUntil[plot] = 0;
    }
    raids.push(raid);
  }

  const gold = state.gold.slice();
  const gained = new Array<number>(n).fill(0);
  const spent: Spend[] = new Array(n);
  const own: Array<OwnRound | null> = new Array(n);
  for (let i = 0; i < n; i++) {
    const cleaned = kept[i]!;
    let mined = 0;
    for (const a of cleaned.actions) {
      if (a.type === 'mine' && owner[a.plot] === i) mined += alphaOf ? a.k * alphaOf[a.plot]! : a.k;
    }
    gained[i] = alphaOf ? mined : mined * config.alpha;
    gold[i]! += gained[i]!;
  }
  let fined: number[] | undefined;
  if (config.authority > 0) {
    fined = new Array<number>(n).fill(0);
    // RULES G-g: every raider of a plot the authority gave back is fined, not only the one the draw picked.
    for (const r of overruled) {
      for (const raider of r.by) {
        const fine = Math.min(config.authorityFine, gold[raider]!);
        gold[raider]! -= fine;
        fined[raider]! += fine;
      }
    }
  }
  const talk: TalkLine[] = [];
  for (let i = 0; i < n; i++) {
    const cleaned = kept[i]!;
    spent[i] = cleaned.spent;
    if (cleaned.talk !== null) talk.push({ seat: i, text: cleaned.talk });
    const notices = cleaned.fallback || cleaned.dropped.length || cleaned.talkProblem ? dropNotices(cleaned, round, staminaOf[i]!) : [];
    own[i] = { round, kept: cleaned.actions, dropped: cleaned.dropped.length + (cleaned.fallback ? 1 : 0), spent: cleaned.spent, gained: gained[i]!, notices };
    events.push({ type: 'actions', data: { player: players[i], kept: cleaned.actions, spent: cleaned.spent, gained: gained[i], gold: gold[i] }, to: [players[i]!] });
  }

  const held = new Array<number>(n).fill(0);
  for (let p = 0; p < plots; p++) if (owner[p]! >= 0) held[owner[p]!]! += 1;
  let raidActions = 0;
  let captures = 0;
  for (const r of raids) {
    raidActions += r.by.length;
    if (r.winner !== -1) captures++;
  }
  let contested = 0;
  for (const claim of claims) if (claim.by.length > 1) contested++;
  const tally: RoundMap['tally'] = { claims: claims.length, contested, raids: raidActions, captures, defenses: defended.length };
  if (config.authority > 0) tally.returned = overruled.length;
  let output = 0;
  for (const g of gained) output += g;
  const pub: RoundPublic = config.talk ? { round, claims, raids, defended, talk } : { round, claims, raids, defended };
  // Literals rather than spreads (the round's hot path); field order is the logged JSON's.
  const map: RoundMap = config.talk
    ? { round, claims, raids, defended, talk, owner, since, truceUntil, held, tally, draws }
    : { round, claims, raids, defended, owner, since, truceUntil, held, tally, draws };
  const ledger: RoundLedger = fined ? { round, gold, gained, spent, output, fined } : { round, gold, gained, spent, output };
  events.push({ type: 'round', data: map as unknown as Record<string, unknown> });
  events.push({ type: 'ledger', data: ledger as unknown as Record<string, unknown>, to: [] });
  const over = round >= config.rounds;
  return {
    state: { ...state, round: over ? round : round + 1, owner, since, truceUntil, gold, recent: remember(state.recent, pub, config.history), own, over },
    log: fined ? { ...map, gold, gained, spent, output, fined } : { ...map, gold, gained, spent, output },
    events,
  };
}

/** The public history a view shows (RULES G-d): none, the last round, the last K=5, or every round played. */
function remember(recent: readonly RoundPublic[], pub: RoundPublic, history: GoldmineState['config']['history']): RoundPublic[] {
  if (history === 'none') return NO_ROUNDS;
  const keep = history === 'last' ? 1 : history === 'k5' ? HISTORY_K : Infinity;
  return recent.length >= keep ? [...recent.slice(recent.length - keep + 1), pub] : [...recent, pub];
}

/** The game's `apply`: one round (the single `act` phase); nothing happens once the match is over. */
export function applyGoldmineRound(state: GoldmineState, input: PhaseInput): Step<GoldmineState> {
  const resolved = resolveGoldmineRound(state, input);
  return resolved ? { state: resolved.state, events: resolved.events } : { state, events: [] };
}
