import { defenseTriggerRate, raidRate, raidSuccessRate, stableHolderRaids } from './conflict.ts';
import { giniOfGold, hhi, hhiOfHoldings } from './concentration.ts';
import { efficiency, idleStamina, staminaShare, staminaShareDrift } from './efficiency.ts';
import { halves, type MatchHistory, type MetricRound, type Window } from './roundCounts.ts';
import { propertyHalfLife, turnoverRate } from './stability.ts';

/** A named metric over a window, and the direction the ODD's success criteria expect from first to second half. */
export interface MetricDef {
  name: string;
  /** One line for reports: what the number is. */
  about: string;
  of: (h: MatchHistory, w: Window) => number;
  /** `lower`/`higher`: the ODD expects the second half to be lower/higher; `none`: descriptive only. */
  expect: 'lower' | 'higher' | 'none';
  /** A share (0..1), shown as a percentage. */
  percent: boolean;
}

/** Every metric the ODD names (RULES 5), in reporting order. */
export const GOLDMINE_METRICS: readonly MetricDef[] = [
  { name: 'turnover', about: 'plots taken by raids / plots owned at round start', of: turnoverRate, expect: 'lower', percent: true },
  { name: 'halfLife', about: 'median rounds a holder keeps a plot (Kaplan-Meier)', of: propertyHalfLife, expect: 'higher', percent: false },
  { name: 'raidRate', about: 'raids per player per round', of: raidRate, expect: 'lower', percent: false },
  { name: 'defenseTrigger', about: 'defended plots that were raided / defended plots', of: defenseTriggerRate, expect: 'higher', percent: true },
  { name: 'raidSuccess', about: 'captures / raids', of: raidSuccessRate, expect: 'none', percent: true },
  { name: 'efficiency', about: 'gold / (plots x cap x alpha) per round', of: efficiency, expect: 'higher', percent: true },
  { name: 'idleStamina', about: 'stamina left unspent / stamina available', of: idleStamina, expect: 'lower', percent: true },
  { name: 'giniGold', about: 'Gini of the gold gained in the window', of: giniOfGold, expect: 'none', percent: false },
  { name: 'hhiHoldings', about: 'Herfindahl index of plots owned (mean over rounds)', of: hhiOfHoldings, expect: 'none', percent: false },
  { name: 'shareClaim', about: 'share of spent stamina on claims', of: (h, w) => staminaShare(h, w, 'claim'), expect: 'none', percent: true },
  { name: 'shareRaid', about: 'share of spent stamina on raids', of: (h, w) => staminaShare(h, w, 'raid'), expect: 'lower', percent: true },
  { name: 'shareDefend', about: 'share of spent stamina on defense', of: (h, w) => staminaShare(h, w, 'defend'), expect: 'none', percent: true },
  { name: 'shareMine', about: 'share of spent stamina on mining', of: (h, w) => staminaShare(h, w, 'mine'), expect: 'higher', percent: true },
  { name: 'shareDrift', about: 'mean L1 change of the four shares between rounds', of: staminaShareDrift, expect: 'lower', percent: false },
  { name: 'stableRaids', about: 'raids per round on plots held >= 10 rounds', of: stableHolderRaids, expect: 'lower', percent: false },
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
export function matchHistory(config: { size: number; stamina: number; cap: number; alpha: number }, players: number, logs: readonly MetricRound[]): MatchHistory {
  return { players, plots: config.size * config.size, stamina: config.stamina, cap: config.cap, alpha: config.alpha, logs };
}
