import { lastOf, perOpponent } from './strategyKit.ts';

/**
 * Tit For Tat (Anatol Rapoport), first of 14 in Axelrod's first tournament and
 * winner of the second. Axelrod (1980), Effective Choice in the Prisoner's
 * Dilemma: "TIT FOR TAT ... starts with a cooperative choice, and thereafter
 * does what the other player did on the previous move." Axelrod Python
 * library: TitForTat. Nicky Case's Copycat is the same rule.
 */
export const titForTat = perOpponent(
  { name: 'tit-for-tat', description: 'Cooperates first, then does what the opponent did last time.', traits: { memoryDepth: 1, stochastic: false } },
  (seen) => lastOf(seen.theirs) ?? 'C',
);
