import { perOpponent } from './strategyKit.ts';

/**
 * Grofman (Bernard Grofman), 4th in Axelrod's first tournament. Axelrod
 * (1980): "If the players did different things on the previous move, this
 * rule cooperates with probability 2/7. Otherwise this rule always
 * cooperates." It cooperates first (Axelrod Python library FirstByGrofman).
 */
export const grofman = perOpponent(
  { name: 'grofman', description: 'Cooperates after both made the same move; after they differed, cooperates 2 times in 7.', traits: { memoryDepth: 1, stochastic: true } },
  (seen, rng) => {
    const at = seen.mine.length - 1;
    if (at < 0 || seen.mine[at] === seen.theirs[at]) return 'C';
    return rng.chance(2 / 7) ? 'C' : 'D';
  },
);
