import { count, perOpponent } from './strategyKit.ts';

/**
 * Tullock (Gordon Tullock), 13th in Axelrod's first tournament. Axelrod
 * (1980): "This rule cooperates on the first eleven moves. It then cooperates
 * 10% less than the other player has cooperated on the preceding ten moves."
 * Read as the Axelrod Python library's FirstByTullock: after eleven moves it
 * cooperates with probability (the other's cooperations in the last ten)/10
 * less 0.1, never below 0. It reads ten moves back and whether eleven have
 * passed.
 */
export const tullock = perOpponent(
  { name: 'tullock', description: 'Cooperates eleven times, then cooperates 10% less often than the opponent did over the last ten moves.', traits: { memoryDepth: 11, stochastic: true } },
  (seen, rng) => {
    if (seen.mine.length < 11) return 'C';
    return rng.chance(Math.max(0, count(seen.theirs.slice(-10), 'C') / 10 - 0.1)) ? 'C' : 'D';
  },
);
