import { perOpponent } from './strategyKit.ts';

/**
 * Tit For Two Tats: cooperates unless the opponent defected on both of the
 * last two moves. Axelrod (1980) reports it would have won his first
 * tournament had it been entered; John Maynard Smith entered it in the
 * second (24th). Axelrod Python library: TitFor2Tats. Nicky Case's
 * Copykitten is the same rule ("retaliate ONLY after two betrayals",
 * js/sims/PD.js Logic_tf2t).
 */
export const titForTwoTats = perOpponent(
  { name: 'tit-for-two-tats', description: 'Cooperates unless the opponent defected twice in a row.', traits: { memoryDepth: 2, stochastic: false } },
  (seen) => (seen.theirs.endsWith('DD') ? 'D' : 'C'),
);
