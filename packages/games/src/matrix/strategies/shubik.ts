import { perOpponent, type Seen } from './strategyKit.ts';

/**
 * Shubik (Martin Shubik), 5th in Axelrod's first tournament. Axelrod (1980):
 * "This rule cooperates until the other defects, and then defects once. If
 * the other defects again after the rule's cooperation is resumed, the rule
 * defects twice. In general, the length of retaliation is increased by one
 * for each departure from mutual cooperation." As the Axelrod Python
 * library's FirstByShubik reads Shubik (1970): a retaliation starts when the
 * opponent defected on a move it cooperated on, and lasts one move longer
 * than the one before. The rule keeps no state: it replays its own reading
 * of the meeting from the first move.
 */
export const shubik = perOpponent(
  { name: 'shubik', description: 'Tit For Tat whose retaliation grows by one move each time the opponent defects on its cooperation.', traits: { memoryDepth: Infinity, stochastic: false } },
  (seen) => retaliation(seen).next,
);

/** The rule's counters after each move of the meeting, and its next move. */
function retaliation(seen: Seen): { next: 'C' | 'D' } {
  let length = 0;
  let remaining = 0;
  let next: 'C' | 'D' = 'C';
  for (let t = 1; t <= seen.mine.length; t++) {
    // The move after t moves, as the library's strategy() decides it then.
    if (remaining > 0) {
      remaining--;
      next = 'D';
    } else if (seen.theirs[t - 1] === 'D' && seen.mine[t - 1] === 'C') {
      length++;
      remaining = length - 1;
      next = 'D';
    } else next = 'C';
  }
  return { next };
}
