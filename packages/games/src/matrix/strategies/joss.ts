import { lastOf, perOpponent } from './strategyKit.ts';

/**
 * Joss (Johann Joss), 12th in Axelrod's first tournament. Axelrod (1980):
 * "This rule cooperates 90% of the time after a cooperation by the other. It
 * always defects after a defection by the other." It cooperates first (a
 * memory-one rule with four-vector (0.9, 0, 0.9, 0): Axelrod Python library
 * FirstByJoss).
 */
export const joss = perOpponent(
  { name: 'joss', description: 'Tit For Tat that defects one time in ten after the opponent cooperated.', traits: { memoryDepth: 1, stochastic: true } },
  (seen, rng) => (lastOf(seen.theirs) === 'D' ? 'D' : rng.chance(0.9) ? 'C' : 'D'),
);
