import { perOpponent } from './strategyKit.ts';

/**
 * Grudger (James W. Friedman), 7th in Axelrod's first tournament. Axelrod
 * (1980): "a rule which is totally unforgiving ... it will never be the first
 * to defect, but once the other defects even once, FRIEDMAN will defect from
 * then on." Axelrod Python library: Grudger. Nicky Case's Grudger is the
 * same rule ("if you ever cheat me, I'll cheat you back forever").
 */
export const grudger = perOpponent(
  { name: 'grudger', description: 'Cooperates until the opponent defects once, then defects for good.', traits: { memoryDepth: Infinity, stochastic: false } },
  (seen) => (seen.theirs.includes('D') ? 'D' : 'C'),
);
