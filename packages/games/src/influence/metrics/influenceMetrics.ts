import type { GameMetrics, MetricDef } from '../../engine/types.ts';
import { eachRound } from '../../stats/overWindow.ts';
import type { InfluenceState } from '../influenceTypes.ts';
import { alliancePersistence } from './alliancePersistence.ts';
import { dmVolume, inactivityEliminations, roundsPlayed, winnerEmpowerVotes, winnerExposeVotes } from './influenceCounts.ts';
import { influenceHistory, type InfluenceHistory } from './influenceHistory.ts';

/** Influence's metrics, in reporting order; descriptive (the spec states no expected trend). */
export const INFLUENCE_METRICS: readonly MetricDef<InfluenceHistory>[] = [
  { name: 'rounds', about: 'rounds played to the end', of: roundsPlayed, expect: 'none', percent: false, wholeOnly: true },
  { name: 'winnerEmpower', about: 'empower votes the eventual winner received', of: winnerEmpowerVotes, expect: 'none', percent: false, wholeOnly: true },
  { name: 'winnerExposed', about: 'expose votes the eventual winner received', of: winnerExposeVotes, expect: 'none', percent: false, wholeOnly: true },
  { name: 'persistence', about: 'pairs in DM contact in a round still in contact the next (both alive)', of: alliancePersistence, expect: 'none', percent: true },
  { name: 'dmVolume', about: 'DMs per living player per round', of: dmVolume, expect: 'none', percent: false },
  { name: 'inactivity', about: 'eliminations for inactivity', of: inactivityEliminations, expect: 'none', percent: false },
];

/**
 * Influence's hook for sweeps and tournaments: the final state's round
 * summaries and channels read once, the metrics above, and per-round series
 * (persistence at round t is that of rounds t - 1 and t: NaN in round 1).
 */
export const influenceMetrics: GameMetrics<InfluenceState, InfluenceHistory> = {
  history: influenceHistory,
  rounds: (h) => h.rounds.length,
  defs: INFLUENCE_METRICS,
  headline: ['rounds', 'winnerEmpower', 'persistence', 'dmVolume'],
  series: (h) => [
    { key: 'alive', title: 'Players alive at the round\'s start', percent: false, values: h.rounds.map((r) => r.alive.length) },
    { key: 'dmVolume', title: 'DMs per living player', percent: false, values: eachRound(h.rounds.length, (w) => dmVolume(h, w)) },
    { key: 'persistence', title: 'DM pairs kept from the round before', percent: true, values: eachRound(h.rounds.length, (w) => alliancePersistence(h, { from: w.from - 1, to: w.to })) },
  ],
};
