import type { GameMetrics, MetricDef, Window } from '../../engine/types.ts';
import { eachRound } from '../../stats/overWindow.ts';
import type { CafeState } from '../cafeTypes.ts';
import {
  defaultRate,
  donations,
  eliminations,
  groupBonusShare,
  loansDefaulted,
  loansMade,
  loansRepaid,
  meanLoanRate,
  rescues,
  resurrections,
  tokensDonated,
} from './cafeCounts.ts';
import { cafeHistory, type CafeHistory } from './cafeHistory.ts';
import { finalGini, meanGini, survivors } from './cafeWealth.ts';

/**
 * Café's metrics, in reporting order. The expectations follow the spec's
 * "reality check" (early cooperation, late defection: the group bonus paid
 * less often later) and its first economic question (compound interest
 * widens the gaps: the Gini grows); the rest is descriptive.
 */
export const CAFE_METRICS: readonly MetricDef<CafeHistory>[] = [
  { name: 'survivors', about: 'players alive at the end', of: survivors, expect: 'none', percent: false, wholeOnly: true },
  { name: 'groupBonus', about: 'rounds that paid the group bonus (everyone alive) / rounds', of: groupBonusShare, expect: 'lower', percent: true },
  { name: 'loansMade', about: 'loan offers accepted', of: loansMade, expect: 'none', percent: false },
  { name: 'loansRepaid', about: 'loans repaid when due', of: loansRepaid, expect: 'none', percent: false },
  { name: 'loansDefaulted', about: 'loans defaulted when due', of: loansDefaulted, expect: 'none', percent: false },
  { name: 'defaultRate', about: 'loans defaulted / loans that fell due', of: defaultRate, expect: 'none', percent: true },
  { name: 'loanRate', about: 'mean rate of the loans made', of: meanLoanRate, expect: 'none', percent: true },
  { name: 'donations', about: 'donations made, a count', of: donations, expect: 'none', percent: false },
  { name: 'donated', about: 'tokens donated', of: tokensDonated, expect: 'none', percent: false },
  { name: 'rescues', about: 'self-rescues', of: rescues, expect: 'none', percent: false },
  { name: 'resurrections', about: 'eliminated players brought back', of: resurrections, expect: 'none', percent: false },
  { name: 'eliminations', about: 'players eliminated', of: eliminations, expect: 'none', percent: false },
  { name: 'giniMean', about: 'Gini of the living banks after each round, averaged', of: meanGini, expect: 'higher', percent: false },
  { name: 'giniFinal', about: 'Gini of the living banks at the end', of: finalGini, expect: 'none', percent: false, wholeOnly: true },
];

/**
 * Café's hook for sweeps and tournaments: each round's events read once
 * through the Café analysis, the metrics above, and per-round series (each
 * round alone; survivors and the Gini after the round).
 */
export const cafeMetrics: GameMetrics<CafeState, CafeHistory> = {
  history: cafeHistory,
  rounds: (h) => h.rounds.length,
  defs: CAFE_METRICS,
  headline: ['survivors', 'groupBonus', 'donated', 'giniMean'],
  series: (h) => {
    const each = (of: (h: CafeHistory, w: Window) => number) => eachRound(h.rounds.length, (w) => of(h, w));
    return [
      { key: 'survivors', title: 'Players alive', percent: false, values: each(survivors) },
      { key: 'groupBonus', title: 'Group bonus paid', percent: true, values: each(groupBonusShare) },
      { key: 'donated', title: 'Tokens donated', percent: false, values: each(tokensDonated) },
      { key: 'loansMade', title: 'Loans made', percent: false, values: each(loansMade) },
      { key: 'gini', title: 'Gini of the living banks', percent: false, values: each(finalGini) },
    ];
  },
};
