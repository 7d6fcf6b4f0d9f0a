import { STABLE_TENURE } from '../goldmineConfig.ts';
import { halves as split } from '../../engine/runMetrics.ts';
import type { Window } from '../../engine/types.ts';
import type { RoundLog } from '../goldmineTypes.ts';

export type { Window } from '../../engine/types.ts';

/** The fields of a Step 4 log that the metrics read (a full RoundLog has them all). */
export type MetricRound = Pick<RoundLog, 'round' | 'claims' | 'raids' | 'defended' | 'owner' | 'gold' | 'gained' | 'spent'>;

/** A match's Step 4 logs with the parameters the metrics need; round 1 starts from an unowned map. */
export interface MatchHistory {
  players: number;
  plots: number;
  stamina: number;
  cap: number;
  alpha: number;
  logs: readonly MetricRound[];
}


/** Per-round tallies from one log, the raw material of every rate. */
export interface RoundCounts {
  /** Plots owned at the round's start. */
  ownedAtStart: number;
  /** Plots owned at the start that changed hands (successful raids). */
  captures: number;
  /** Raid actions resolved (one per raider and plot, truce-blocked ones included). */
  raids: number;
  /** Raid actions on plots whose owner had held them >= STABLE_TENURE rounds at the round's start. */
  stableRaids: number;
  defended: number;
  /** Defended plots that at least one raider targeted. */
  defendedRaided: number;
  output: number;
  spent: { claim: number; raid: number; defend: number; mine: number };
  idle: number;
}

const cache = new WeakMap<MatchHistory, RoundCounts[]>();

/** Tallies of every round (memoised per history object; the history is never modified). */
export function roundCounts(h: MatchHistory): RoundCounts[] {
  const hit = cache.get(h);
  if (hit) return hit;
  const since = new Array<number>(h.plots).fill(0);
  let before: readonly number[] = new Array<number>(h.plots).fill(-1);
  const out: RoundCounts[] = [];
  for (const log of h.logs) {
    const t = log.round;
    let ownedAtStart = 0;
    for (let p = 0; p < h.plots; p++) if (before[p] !== -1) ownedAtStart++;
    let raids = 0;
    let stableRaids = 0;
    let captures = 0;
    let defendedRaided = 0;
    const defendedSet = new Set(log.defended);
    for (const r of log.raids) {
      raids += r.by.length;
      if (t - since[r.plot]! >= STABLE_TENURE) stableRaids += r.by.length;
      if (r.winner !== -1) captures++;
      if (defendedSet.has(r.plot)) defendedRaided++;
    }
    const spent = { claim: 0, raid: 0, defend: 0, mine: 0 };
    for (const s of log.spent) {
      spent.claim += s.claim;
      spent.raid += s.raid;
      spent.defend += s.defend;
      spent.mine += s.mine;
    }
    const used = spent.claim + spent.raid + spent.defend + spent.mine;
    let output = 0;
    for (const g of log.gained) output += g;
    out.push({ ownedAtStart, captures, raids, stableRaids, defended: log.defended.length, defendedRaided, output, spent, idle: h.players * h.stamina - used });
    for (let p = 0; p < h.plots; p++) if (log.owner[p] !== before[p]) since[p] = t;
    before = log.owner;
  }
  cache.set(h, out);
  return out;
}

/** The whole match, its first half and its second half (the ODD's paired comparison). */
export function halves(h: MatchHistory): { whole: Window; first: Window; second: Window } {
  return split(h.logs.length);
}

/** Sum of one tally over a window. */
export function total(h: MatchHistory, w: Window, pick: (c: RoundCounts) => number): number {
  const counts = roundCounts(h);
  let s = 0;
  for (let t = w.from; t <= w.to; t++) s += pick(counts[t - 1]!);
  return s;
}

export function ratio(num: number, den: number): number {
  return den > 0 ? num / den : 0;
}
