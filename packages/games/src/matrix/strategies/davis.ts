import { perOpponent } from './strategyKit.ts';

/**
 * Davis (Morton Davis), 8th in Axelrod's first tournament. Axelrod (1980):
 * it "cooperated on the first ten moves, and then cooperated if and only if
 * the other player had cooperated on all previous moves" (Grudger after ten
 * rounds of cooperation; Axelrod Python library FirstByDavis).
 */
export const davis = perOpponent(
  { name: 'davis', description: 'Cooperates for ten rounds, then plays Grudger.', traits: { memoryDepth: Infinity, stochastic: false } },
  (seen) => (seen.mine.length < 10 || !seen.theirs.includes('D') ? 'C' : 'D'),
);
