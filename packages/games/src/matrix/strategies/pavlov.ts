import { perOpponent } from './strategyKit.ts';

/**
 * Pavlov, or Win-Stay Lose-Shift (Kraines and Kraines 1989; Nowak and Sigmund
 * 1993): cooperates first, then cooperates after both players made the same
 * move and defects after they differed; in other words it repeats its move
 * when the opponent cooperated and switches when the opponent defected.
 * Axelrod Python library: WinStayLoseShift. Nicky Case's Simpleton is the
 * same rule (js/sims/PD.js Logic_pavlov).
 */
export const pavlov = perOpponent(
  { name: 'pavlov', description: 'Cooperates first; then cooperates after both made the same move, defects after they differed (win-stay, lose-shift).', traits: { memoryDepth: 1, stochastic: false } },
  (seen) => {
    const at = seen.mine.length - 1;
    if (at < 0) return 'C';
    return seen.mine[at] === seen.theirs[at] ? 'C' : 'D';
  },
);
