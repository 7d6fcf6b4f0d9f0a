import type { RoundLog } from '../goldmineTypes.ts';
import { defenseTriggerRate, raidRate, raidSuccessRate, stableHolderRaids } from './conflict.ts';
import { giniOfGold, hhi, hhiOfHoldings } from './concentration.ts';
import { efficiency, idleStamina, staminaShare, staminaShareDrift } from './efficiency.ts';
import { halves, type MatchHistory, type Window } from './roundCounts.ts';
import { propertyHalfLife, turnoverRate } from './stability.ts';

/** A named metric over a window, and the direction the ODD's success criteria expect from first to second half. */
export interface MetricDef {
  name: string;
  of: (h: MatchHistory, w: Window) => number;
  /** `lower`/`higher`: the ODD expects the second half to be lower/higher; `none`: descriptive only. */
  expect: 'lower' | 'higher' | 'none';
}

/** Every metric the ODD names (RULES 5), in reporting order. */
export const GOLDMINE_METRICS: readonly MetricDef[] = [
  { name: 'turnover', of: turnoverRate, expect: 'lower' },
  { name: 'halfLife', of: propertyHalfLife, expect: 'higher' },
  { name: 'raidRate', of: raidRate, expect: 'lower' },
  { name: 'defenseTrigger', of: defenseTriggerRate, expect: 'higher' },
  { name: 'raidSuccess', of: raidSuccessRate, expect: 'none' },
  { name: 'efficiency', of: efficiency, expect: 'higher' },
  { name: 'idleStamina', of: idleStamina, expect: 'lower' },
  { name: 'giniGold', of: giniOfGold, expect: 'none' },
  { name: 'hhiHoldings', of: hhiOfHoldings, expect: 'none' },
  { name: 'shareClaim', of: (h, w) => staminaShare(h, w, 'claim'), expect: 'none' },
  { name: 'shareRaid', of: (h, w) => staminaShare(h, w, 'raid'), expect: 'lower' },
  { name: 'shareDefend', of: (h, w) => staminaShare(h, w, 'defend'), expect: 'none' },
  { name: 'shareMine', of: (h, w) => staminaShare(h, w, 'mine'), expect: 'higher' },
  { name: 'shareDrift', of: staminaShareDrift, expect: 'lower' },
  { name: 'stableRaids', of: stableHolderRaids, expect: 'lower' },
];

/** One run's value of a metric over the whole match and over each half. */
export interface MetricRow {
  metric: string;
  whole: number;
  first: number;
  second: number;
}

/** Every metric over the whole match and each half; NaN for an empty window (a 1-round match has no first half). */
export function runMetrics(h: MatchHistory): MetricRow[] {
  const { whole, first, second } = halves(h);
  const of = (m: MetricDef, w: Window): number => (w.to >= w.from ? m.of(h, w) : Number.NaN);
  return GOLDMINE_METRICS.map((m) => ({ metric: m.name, whole: of(m, whole), first: of(m, first), second: of(m, second) }));
}

/** Per-round series for charts: rates of each single round, Gini of cumulative gold and HHI after the round. */
export interface RoundSeries {
  turnover: number[];
  raidRate: number[];
  efficiency: number[];
  gini: number[];
  hhi: number[];
  idle: number[];
}

export function roundSeries(h: MatchHistory): RoundSeries {
  const out: RoundSeries = { turnover: [], raidRate: [], efficiency: [], gini: [], hhi: [], idle: [] };
  for (let t = 1; t <= h.logs.length; t++) {
    const w = { from: t, to: t };
    out.turnover.push(turnoverRate(h, w));
    out.raidRate.push(raidRate(h, w));
    out.efficiency.push(efficiency(h, w));
    out.gini.push(giniOfGold(h, { from: 1, to: t }));
    out.hhi.push(hhi(h.logs[t - 1]!.owner, h.players));
    out.idle.push(idleStamina(h, w));
  }
  return out;
}

/** A history from a match's round logs and config. */
export function matchHistory(config: { size: number; stamina: number; cap: number; alpha: number }, players: number, logs: readonly RoundLog[]): MatchHistory {
  return { players, plots: config.size * config.size, stamina: config.stamina, cap: config.cap, alpha: config.alpha, logs };
}
