import type { Payoffs } from '../matrixPresets.ts';
import { lastOf, perOpponent } from './strategyKit.ts';

/**
 * Generosity: the chance of forgiving a defection, Nowak and Sigmund's
 * min(1 - (T - R)/(R - S), (R - P)/(T - P)) (1/3 with Axelrod's payoffs, 2/3
 * with Case's), kept within 0..1; 1/3 when the matrix leaves it undefined.
 */
export function generosity(p: Payoffs): number {
  if (p.R - p.S <= 0 || p.T - p.P <= 0) return 1 / 3;
  return Math.min(1, Math.max(0, Math.min(1 - (p.T - p.R) / (p.R - p.S), (p.R - p.P) / (p.T - p.P))));
}

/**
 * Generous Tit For Tat (Nowak and Sigmund 1992, Tit for tat in heterogeneous
 * populations): Tit For Tat that cooperates after a defection with the
 * generosity above (a memory-one rule (1, g, 1, g): the Axelrod Python
 * library's GTFT, which computes g from the game the same way).
 */
export const generousTitForTat = perOpponent(
  { name: 'generous-tit-for-tat', description: 'Tit For Tat that forgives a defection now and then (1 time in 3 with Axelrod’s payoffs).', traits: { memoryDepth: 1, stochastic: true } },
  (seen, rng) => (lastOf(seen.theirs) === 'D' && !rng.chance(generosity(seen.payoffs)) ? 'D' : 'C'),
);
