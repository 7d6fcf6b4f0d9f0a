import { runSweepSet, type SweepSetConfig } from './sweepSet.ts';
import type { ReproducePreset } from './preset.ts';

/**
 * The Café V3 spec's own questions ("What V3 Tests": compound interest and
 * inequality, lending, debt spirals, altruism, free riders) and its "Critical
 * Design Choices" (why 5% interest, a group bonus of 300, a self-rescue of
 * 1,000, a resurrection of 2,000): each of those four varied alone, the
 * game's five baselines as the players.
 */
export function cafeEconomyConfig(seeds: number): SweepSetConfig {
  return {
    game: 'cafe',
    seeds,
    rounds: null,
    players: 8,
    population: [
      { name: 'credit-union', count: 2 },
      { name: 'predatory-lender', count: 2 },
      { name: 'hoarder', count: 1 },
      { name: 'free-rider', count: 2 },
      { name: 'strategic-betrayer', count: 1 },
    ],
    factors: [
      { key: 'interestRate', values: [0, 0.05, 0.1] },
      { key: 'groupBonus', values: [0, 300, 600] },
      { key: 'rescueCost', values: [500, 1000, 2000] },
      { key: 'resurrectCost', values: [1000, 2000, 4000] },
    ],
    headline: ['giniMean', 'loansMade', 'defaultRate', 'donations'],
    questions: [
      'Wealth inequality: does compound interest widen the gaps (Gini of the banks by interest rate, first half against second)?',
      'Lending and debt spirals: how many loans are made, at what rate, and how many default?',
      'Altruism and free riders: are there donations, rescues and resurrections, and do free riders score above those who give (`score:<strategy>`)?',
      "Do the spec's design choices (5% interest, group bonus 300, self-rescue 1,000, resurrection 2,000) change survival and inequality?",
    ],
  };
}

export const cafeEconomy: ReproducePreset<SweepSetConfig> = {
  name: 'cafe-economy',
  answers: "the Café V3 spec's questions: inequality under compound interest, lending and defaults, altruism and free riders, its design choices",
  defaultSeeds: 20,
  noQueue: null,
  config: cafeEconomyConfig,
  run: (config, context) => runSweepSet('cafe-economy', config, context),
};
