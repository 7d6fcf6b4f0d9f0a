import { count, lastOf, perOpponent } from './strategyKit.ts';

/**
 * Tester (David Gladstein), from Axelrod's second tournament. Axelrod (1984),
 * The Evolution of Cooperation, ch. 2: "TESTER ... defects on the very first
 * move in order to test the other's response. If the other player ever
 * defects, it apologizes by cooperating and playing tit-for-tat for the rest
 * of the game. Otherwise, it cooperates on the second and third moves but
 * defects every other move after that." As the Axelrod Python library's
 * SecondByGladstein reads it: while the opponent has never defected, it
 * defects whenever more than half its moves so far were cooperations.
 */
export const tester = perOpponent(
  { name: 'tester', description: 'Defects first to probe; exploits an opponent that never defects, apologizes and plays Tit For Tat with one that does.', traits: { memoryDepth: Infinity, stochastic: false } },
  (seen) => {
    const played = seen.mine.length;
    if (played === 0) return 'D';
    const first = seen.theirs.indexOf('D');
    if (first < 0) return count(seen.mine, 'C') / played > 0.5 ? 'D' : 'C';
    return first === played - 1 ? 'C' : lastOf(seen.theirs)!;
  },
);
