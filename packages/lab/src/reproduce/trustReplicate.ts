import { runSweepSet, type SweepSetConfig } from './sweepSet.ts';
import type { ReproducePreset } from './preset.ts';

/**
 * The Trust spec's own questions (trust-game.md, sections 6 to 8): do players
 * settle into cooperation or spiral into attacks, does miscommunication (its
 * 5-10% noise variation) reward forgiving strategies, does the replication
 * race (its win, its cost, a clone that plays on) change how they treat each
 * other, and is begging used or exploited. Eight players, one each: six of
 * Case's characters (Random and Detective left out for the game's two that
 * beg, Prudent and Guardian; the game seats at most 8).
 */
export function trustReplicateConfig(seeds: number): SweepSetConfig {
  return {
    game: 'trust',
    seeds,
    rounds: null,
    players: 8,
    population: ['copycat', 'always-cheat', 'always-cooperate', 'grudger', 'copykitten', 'simpleton', 'prudent', 'guardian'].map((name) => ({ name, count: 1 })),
    factors: [
      { key: 'noise', values: [0, 0.05, 0.1] },
      { key: 'missChance', values: [0, 0.15] },
      { key: 'replicate', values: ['win', 'spawn'] },
      { key: 'replicateAt', values: [100, 150] },
    ],
    headline: ['cooperation', 'mutual', 'betrayal', 'begs'],
    questions: [
      'Do the players settle into a stable cooperative pattern, or spiral into reciprocal attacks (cooperation, mutual high fives, betrayal; first half against second)?',
      'Does miscommunication (noise 5-10%, and missed high fives) favour forgiving strategies (each strategy\'s score, `score:<strategy>`, by noise)?',
      'Does the replication race, its threshold and a clone that plays on (`spawn`) change cooperation and betrayal?',
      'Is begging used, and does it pay?',
    ],
  };
}

export const trustReplicate: ReproducePreset<SweepSetConfig> = {
  name: 'trust-replicate',
  answers: "the Trust spec's questions: cooperation or spiralling attacks, forgiveness under noise, the replication race, begging",
  defaultSeeds: 20,
  noQueue: null,
  config: trustReplicateConfig,
  run: (config, context) => runSweepSet('trust-replicate', config, context),
};
