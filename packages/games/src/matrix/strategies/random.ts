import { perOpponent } from './strategyKit.ts';

/**
 * Random: cooperates with probability 1/2, the RANDOM rule Axelrod (1980)
 * added to his first tournament (15th of 15). Axelrod Python library:
 * Random(0.5); Nicky Case's Random (js/sims/PD.js Logic_random). Draws from
 * the decision's seeded stream.
 */
export const random = perOpponent({ name: 'random', description: 'Cooperates or defects at random, 50/50.', traits: { memoryDepth: 0, stochastic: true } }, (_seen, rng) => (rng.chance(0.5) ? 'C' : 'D'));
