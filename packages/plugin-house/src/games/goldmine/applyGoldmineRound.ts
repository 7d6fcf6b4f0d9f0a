import { Rng } from '../../engine/rng.ts';
import type { GameEvent, PhaseInput, Step } from '../../engine/types.ts';
import { cleanDecision } from './cleanDecision.ts';
import { HISTORY_K } from './goldmineConfig.ts';
import type { ClaimResult, Draw, GoldmineState, OwnRound, PlotTotals, RaidResult, RoundLog, RoundPublic, Spend } from './goldmineTypes.ts';

/**
 * A seeded tie-break (ODD "stochasticity"): participants already in ascending
 * agent id, one uniform pick from a stream seeded by hash(seed, round, plot, kind).
 */
export function tieBreak(seed: number, round: number, plot: number, kind: 'claim' | 'raid', participants: number[]): number {
  return participants[Rng.derive(seed, round, plot, kind).int(0, participants.length - 1)]!;
}

function updateTotals(totals: PlotTotals, pub: RoundPublic): PlotTotals {
  const next: PlotTotals = {
    rounds: totals.rounds + 1,
    raids: totals.raids.slice(),
    captures: totals.captures.slice(),
    defended: totals.defended.slice(),
    contested: totals.contested.slice(),
  };
  for (const r of pub.raids) {
    next.raids[r.plot]! += r.by.length;
    if (r.winner !== -1) next.captures[r.plot]! += 1;
  }
  for (const p of pub.defended) next.defended[p]! += 1;
  for (const c of pub.claims) if (c.by.length > 1) next.contested[c.plot]! += 1;
  return next;
}

/**
 * One round of the ODD, Steps 0-4. Step 0 cleans every decision against the
 * ownership at the round's start. Step 1 scans plots row-major and gives each
 * claimed plot to its only claimant or to a seeded pick among the claimants
 * (ascending id), with a truce of `truce` rounds. Step 2 scans row-major the
 * raided plots: a truce blocks every raider; a defended plot blocks every raider
 * (`all`) or the lowest-id raider per defense point (`perRaid`); the raiders left
 * take the plot, one alone or a seeded pick among several. Step 3 pays
 * min(k, cap) x alpha for every mine action whose plot its miner still owns
 * (a plot lost this round yields 0; a plot gained this round was not the
 * miner's at the start, so Step 0 already dropped any mining of it). Step 4
 * logs the round (public `round` event with the state after it and the RNG
 * order; private `actions` events with each player's kept list) and clears the
 * defense flags (they live only in this round's decisions).
 */
export function applyGoldmineRound(state: GoldmineState, input: PhaseInput): Step<GoldmineState> {
  if (state.over) return { state, events: [] };
  const { config, players, seed, round } = state;
  const n = players.length;
  const plots = state.owner.length;
  const start = state.owner;
  const events: GameEvent[] = [];

  const claimBy: Array<number[] | undefined> = new Array(plots);
  const raidBy: Array<number[] | undefined> = new Array(plots);
  const defense = new Uint8Array(plots);
  const kept = new Array<ReturnType<typeof cleanDecision>>(n);
  for (let i = 0; i < n; i++) {
    const id = players[i]!;
    const cleaned = cleanDecision(input.decisions[id], start, i, config.stamina);
    kept[i] = cleaned;
    if (cleaned.fallback) {
      events.push({ type: 'fallback', data: { player: id, reason: `${cleaned.fallback}; you played no actions this round` }, to: [id] });
    } else if (cleaned.dropped.length) {
      events.push({ type: 'actions_dropped', data: { player: id, dropped: cleaned.dropped, kept: cleaned.actions.length }, to: [id] });
    }
    for (const a of cleaned.actions) {
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

  for (let plot = 0; plot < plots; plot++) {
    const by = claimBy[plot];
    if (!by) continue;
    let winner = by[0]!;
    if (by.length > 1) {
      winner = tieBreak(seed, round, plot, 'claim', by);
      draws.push({ kind: 'claim', plot, participants: by, winner });
    }
    owner[plot] = winner;
    since[plot] = round;
    truceUntil[plot] = config.truce > 0 ? round + config.truce - 1 : 0;
    claims.push({ plot, by, winner });
  }

  for (let plot = 0; plot < plots; plot++) {
    if (defense[plot]) defended.push(plot);
    const by = raidBy[plot];
    if (!by) continue;
    const holder = start[plot]!;
    const isDefended = defense[plot] === 1;
    const inTruce = state.truceUntil[plot]! >= round;
    let blocked: number[];
    let open: number[];
    if (inTruce) [blocked, open] = [by, []];
    else if (!isDefended) [blocked, open] = [[], by];
    else if (config.defense === 'all') [blocked, open] = [by, []];
    else [blocked, open] = [by.slice(0, defense[plot]), by.slice(defense[plot])];
    let winner = -1;
    if (open.length === 1) winner = open[0]!;
    else if (open.length > 1) {
      winner = tieBreak(seed, round, plot, 'raid', open);
      draws.push({ kind: 'raid', plot, participants: open, winner });
    }
    if (winner !== -1) {
      owner[plot] = winner;
      since[plot] = round;
      truceUntil[plot] = 0;
    }
    raids.push({ plot, owner: holder, by, defended: isDefended, truce: inTruce, blocked, winner });
  }

  const gold = state.gold.slice();
  const gained = new Array<number>(n).fill(0);
  const spent: Spend[] = new Array(n);
  const own: Array<OwnRound | null> = new Array(n);
  for (let i = 0; i < n; i++) {
    const cleaned = kept[i]!;
    let mined = 0;
    for (const a of cleaned.actions) {
      if (a.type === 'mine' && owner[a.plot] === i) mined += Math.min(a.k, config.cap);
    }
    gained[i] = mined * config.alpha;
    gold[i]! += gained[i]!;
    spent[i] = cleaned.spent;
    own[i] = { round, kept: cleaned.actions, dropped: cleaned.dropped.length + (cleaned.fallback ? 1 : 0), spent: cleaned.spent, gained: gained[i]! };
    events.push({ type: 'actions', data: { player: players[i], kept: cleaned.actions, spent: cleaned.spent, gained: gained[i] }, to: [players[i]!] });
  }

  const pub: RoundPublic = { round, claims, raids, defended };
  const log: RoundLog = { ...pub, owner, gold, gained, spent, draws };
  events.push({ type: 'round', data: log as unknown as Record<string, unknown> });
  const keep = config.history === 'last' ? 1 : HISTORY_K;
  const recent = state.recent.length >= keep ? [...state.recent.slice(state.recent.length - keep + 1), pub] : [...state.recent, pub];
  const over = round >= config.rounds;
  return {
    state: {
      ...state,
      round: over ? round : round + 1,
      owner,
      since,
      truceUntil,
      gold,
      recent,
      totals: state.totals ? updateTotals(state.totals, pub) : null,
      own,
      over,
    },
    events,
  };
}
