import type { GameMetrics, MetricDef, Window } from '../../engine/types.ts';
import { eachRound } from '../../stats/overWindow.ts';
import type { MatrixState } from '../matrixTypes.ts';
import { matrixHistory, type MatrixHistory } from './matrixHistory.ts';
import { cooperationRate, efficiency, fallbackRate, flipRate, meanPayoff, mutualDefectionRate, mutualRate } from './moveRates.ts';
import { betrayalRate, retaliationRate } from './reciprocity.ts';

/**
 * Matrix games' metrics, in reporting order. The expectations are Axelrod's
 * question: does cooperation emerge and hold (cooperation, mutual
 * cooperation and payoffs up, betrayal down from the first half to the second)?
 */
export const MATRIX_METRICS: readonly MetricDef<MatrixHistory>[] = [
  { name: 'cooperation', about: 'moves meant as C / all moves (a C that noise flipped still counts)', of: cooperationRate, expect: 'higher', percent: true },
  { name: 'mutual', about: 'games where both moves landed as C / games', of: mutualRate, expect: 'higher', percent: true },
  { name: 'mutualDefection', about: 'games where both moves landed as D / games', of: mutualDefectionRate, expect: 'lower', percent: true },
  { name: 'meanPayoff', about: 'points per move (per player per game)', of: meanPayoff, expect: 'higher', percent: false },
  { name: 'efficiency', about: "what the games paid both players / the matrix's best joint payoff", of: efficiency, expect: 'higher', percent: true },
  { name: 'retaliation', about: "moves meant as D right after the opponent's D at the pair's last meeting / such moves", of: retaliationRate, expect: 'none', percent: true },
  { name: 'betrayal', about: 'moves meant as D right after a meeting of mutual cooperation / such moves', of: betrayalRate, expect: 'lower', percent: true },
  { name: 'noiseFlips', about: 'moves noise flipped / all moves', of: flipRate, expect: 'none', percent: true },
  { name: 'fallbacks', about: 'answers the House replaced with the fallback / answers due', of: fallbackRate, expect: 'none', percent: true },
  { name: 'rounds', about: 'rounds played (the length, or where the continuation draw ended the match)', of: (h) => h.rounds.length, expect: 'none', percent: false, wholeOnly: true },
];

/**
 * The matrix game's hook for sweeps and tournaments: each round's games read
 * once (public moves and payoffs, private flips and fallbacks), the metrics
 * above, and per-round series.
 */
export const matrixMetrics: GameMetrics<MatrixState, MatrixHistory> = {
  history: matrixHistory,
  rounds: (h) => h.rounds.length,
  defs: MATRIX_METRICS,
  headline: ['cooperation', 'mutual', 'meanPayoff', 'noiseFlips'],
  series: (h) => {
    const each = (of: (h: MatrixHistory, w: Window) => number) => eachRound(h.rounds.length, (w) => of(h, w));
    return [
      { key: 'cooperation', title: 'Cooperation (moves meant as C)', percent: true, values: each(cooperationRate) },
      { key: 'mutual', title: 'Mutual cooperation (games)', percent: true, values: each(mutualRate) },
      { key: 'meanPayoff', title: 'Points per move', percent: false, values: each(meanPayoff) },
    ];
  },
};
