import { defenseTriggerRate, raidRate, raidSuccessRate, stableHolderRaids } from './conflict.ts';
import { giniOfGold, hhi, hhiOfHoldings } from './concentration.ts';
import { efficiency, idleStamina, staminaShare, staminaShareDrift } from './efficiency.ts';
import { metricRows } from '../../engine/runMetrics.ts';
import type { GameMetrics, MetricDef, MetricRow } from '../../engine/types.ts';
import type { GoldmineState } from '../goldmineTypes.ts';
import { roundLogsFromEvents } from '../roundLogsFromEvents.ts';
import type { MatchHistory, MetricRound } from './roundCounts.ts';

export type { MetricDef, MetricRow } from '../../engine/types.ts';
import { propertyHalfLife, turnoverRate } from './stability.ts';


/** Every metric the ODD names (RULES 5), in reporting order. */
export const GOLDMINE_METRICS: readonly MetricDef<MatchHistory>[] = [
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

/** Every metric over the whole match and each half; NaN for an empty window (a 1-round match has no first half). */
export function runMetrics(h: MatchHistory): MetricRow[] {
  return metricRows(goldmineMetrics, h);
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

/**
 * A history from a match's round logs and its state (any state of the match:
 * the parameters never change). With the treatments of RULES G-e, `stamina`
 * is the seats' mean S and `alpha` the plots' mean alpha, so players x S and
 * plots x cap x alpha stay what is available a round.
 */
export function matchHistory(state: Pick<GoldmineState, 'config' | 'players' | 'staminaOf' | 'alphaOf'>, logs: readonly MetricRound[]): MatchHistory {
  const { config, staminaOf, alphaOf } = state;
  const players = state.players.length;
  const plots = config.size * config.size;
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { players, plots, stamina: mean(staminaOf), cap: config.cap, alpha: alphaOf ? mean(alphaOf) : config.alpha, logs };
}

/**
 * Gold mining's hook for sweeps and tournaments: the ODD's metrics over the
 * run's Step 4 logs (read off its round events), the per-round series the
 * report charts, and the ownership map after a round.
 */
export const goldmineMetrics: GameMetrics<GoldmineState, MatchHistory> = {
  history: (run) => matchHistory(run.state, roundLogsFromEvents(run.rounds.flatMap((r) => r.events))),
  rounds: (h) => h.logs.length,
  defs: GOLDMINE_METRICS,
  headline: ['turnover', 'raidRate', 'efficiency', 'giniGold'],
  series: (h) => {
    const s = roundSeries(h);
    return [
      { key: 'turnover', title: 'Turnover (plots taken by raids / plots owned)', percent: true, values: s.turnover },
      { key: 'raidRate', title: 'Raid rate (raids per player per round)', percent: false, values: s.raidRate },
      { key: 'efficiency', title: 'Efficiency (gold / plots x cap x alpha)', percent: true, values: s.efficiency },
      { key: 'gini', title: 'Gini of cumulative gold', percent: false, values: s.gini },
      { key: 'hhi', title: 'HHI of holdings', percent: false, values: s.hhi },
      { key: 'idle', title: 'Idle stamina', percent: true, values: s.idle },
    ];
  },
  snapshot: (h, round) => (round >= 1 && round <= h.logs.length ? [...h.logs[round - 1]!.owner] : null),
};

