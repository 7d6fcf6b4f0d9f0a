import type { GameMetrics, MetricDef, Window } from '../../engine/types.ts';
import { eachRound } from '../../stats/overWindow.ts';
import type { TrustState } from '../trustTypes.ts';
import { begRate, betrayalRate, cooperationRate, mutualRate } from './cooperation.ts';
import { FEUD_ROUNDS, missFeudRate } from './missFeuds.ts';
import { trustHistory, type TrustHistory } from './trustHistory.ts';
import { finalGini, meanSats, replications } from './trustWealth.ts';

/**
 * Trust's metrics, in reporting order. The expectations are the spec's
 * question (section 8: do players settle into a stable cooperative pattern?):
 * cooperation up and betrayal down from the first half to the second.
 */
export const TRUST_METRICS: readonly MetricDef<TrustHistory>[] = [
  { name: 'cooperation', about: 'acts that chose HIGH_FIVE / all acts (misses and noise count as meant)', of: cooperationRate, expect: 'higher', percent: true },
  { name: 'mutual', about: 'landed high fives returned by their target in the same round', of: mutualRate, expect: 'higher', percent: true },
  { name: 'betrayal', about: 'attacks on a unit that high-fived the attacker the round before / such chances', of: betrayalRate, expect: 'lower', percent: true },
  { name: 'missFeuds', about: `missed high fives answered by the victim's attack within ${FEUD_ROUNDS} rounds / misses`, of: missFeudRate, expect: 'none', percent: true },
  { name: 'begs', about: 'acts that chose BEG / all acts', of: begRate, expect: 'none', percent: true },
  { name: 'meanSats', about: 'sats per living unit after each round, averaged', of: meanSats, expect: 'none', percent: false },
  { name: 'replications', about: 'successful REPLICATEs (units spawned, or teams that won by replicating)', of: replications, expect: 'none', percent: false },
  { name: 'giniFinal', about: 'Gini of team sats at the end (eliminated teams hold 0)', of: finalGini, expect: 'none', percent: false, wholeOnly: true },
];

/**
 * Trust's hook for sweeps and tournaments: the run's round events read once
 * (public acts and sats, private misses and noise), the metrics above, and
 * per-round series (each round alone; NaN where a round had no chance, e.g.
 * no landed high five).
 */
export const trustMetrics: GameMetrics<TrustState, TrustHistory> = {
  history: trustHistory,
  rounds: (h) => h.rounds.length,
  defs: TRUST_METRICS,
  headline: ['cooperation', 'betrayal', 'missFeuds', 'giniFinal'],
  series: (h) => {
    const each = (of: (h: TrustHistory, w: Window) => number) => eachRound(h.rounds.length, (w) => of(h, w));
    return [
      { key: 'cooperation', title: 'Cooperation (acts that chose HIGH_FIVE)', percent: true, values: each(cooperationRate) },
      { key: 'mutual', title: 'Landed high fives returned', percent: true, values: each(mutualRate) },
      { key: 'betrayal', title: 'Betrayal (attacks on last round\'s high-fiver / chances)', percent: true, values: each(betrayalRate) },
      { key: 'meanSats', title: 'Sats per living unit', percent: false, values: each(meanSats) },
      { key: 'gini', title: 'Gini of team sats', percent: false, values: each(finalGini) },
    ];
  },
};
