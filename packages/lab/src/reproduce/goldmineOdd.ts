import { runSweepSet, type SweepSetConfig } from './sweepSet.ts';
import type { ReproducePreset } from './preset.ts';

/**
 * The gold-mining spec's ODD design (goldmine-odd.json: treatments and
 * ablations, run configuration): 20 seeds a treatment, 200 rounds, 10
 * players; single factors varied from the defaults: truce 1 or 0, defense
 * against all raiders or one raid a point, stamina 8/10/12, mining cap
 * 2/3/4, 10 or 20 players, history of the last round, 5 rounds or all. The
 * spec's agents are models; here the game's baselines stand in, in equal
 * parts, so the design runs in seconds and any model run has a floor to beat.
 */
export function goldmineOddConfig(seeds: number): SweepSetConfig {
  return {
    game: 'goldmine',
    seeds,
    rounds: 200,
    players: 10,
    population: [
      { name: 'greedy-mine', count: 3 },
      { name: 'defend-then-mine', count: 3 },
      { name: 'tit-for-tat-raid', count: 2 },
      { name: 'random', count: 2 },
    ],
    factors: [
      { key: 'truce', values: [1, 0] },
      { key: 'defense', values: ['all', 'perRaid'] },
      { key: 'stamina', values: [8, 10, 12] },
      { key: 'cap', values: [2, 3, 4] },
      { key: 'players', values: [10, 20] },
      { key: 'history', values: ['last', 'k5', 'full'] },
    ],
    headline: ['turnover', 'raidRate', 'efficiency', 'idleStamina'],
    questions: [
      'Stability: is plot turnover lower, and property half-life longer, in the second half than in the first?',
      'Efficiency: is output against the cap higher, and idle stamina lower, in the second half?',
      'Conflict: is the raid rate lower in the second half, with defense more targeted (defended plots raided)?',
      'Does each answer hold under every single-factor treatment (truce, defense, stamina, cap, population, history)?',
    ],
  };
}

export const goldmineOdd: ReproducePreset<SweepSetConfig> = {
  name: 'goldmine-odd',
  answers: "the gold-mining spec's ODD design: stability, efficiency and conflict, first half against second, under each single-factor treatment",
  defaultSeeds: 20,
  noQueue: null,
  config: goldmineOddConfig,
  run: (config, context) => runSweepSet('goldmine-odd', config, context),
};
