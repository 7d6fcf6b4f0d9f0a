import { lastOf, perOpponent } from './strategyKit.ts';

/**
 * Feld (Scott Feld), 11th in Axelrod's first tournament. Axelrod (1980):
 * "This rule starts with tit for tat and gradually lowers its probability of
 * cooperation following the other's cooperation to .5 by the two hundredth
 * move. It always defects after a defection by the other." The decline is
 * linear, 1 - 0.5·n/200 after n moves and never below 0.5, as in the
 * Axelrod Python library's FirstByFeld.
 */
export const feld = perOpponent(
  { name: 'feld', description: 'Tit For Tat whose cooperation after a cooperation fades from certain to a coin flip over 200 moves.', traits: { memoryDepth: 200, stochastic: true } },
  (seen, rng) => {
    const last = lastOf(seen.theirs);
    if (last === undefined) return 'C';
    if (last === 'D') return 'D';
    return rng.chance(Math.max(1 - (0.5 * seen.mine.length) / 200, 0.5)) ? 'C' : 'D';
  },
);
