import { lastOf, perOpponent } from './strategyKit.ts';

const OPENING = 'CDCC';

/**
 * Detective, Nicky Case's The Evolution of Trust (2017): "First: I analyze
 * you. I start: Cooperate, Cheat, Cooperate, Cooperate. If you cheat back,
 * I'll act like Copycat. If you never cheat back, I'll act like Always Cheat,
 * to exploit you." As Case's code has it (js/sims/PD.js Logic_prober), the
 * analysis reads the other's first three moves: a cheat among them makes it
 * Copycat from the fifth move on, none makes it Always Cheat.
 */
export const detective = perOpponent(
  { name: 'detective', description: 'Opens C, D, C, C; copies an opponent that cheated back in the first three moves, always cheats one that did not.', traits: { memoryDepth: Infinity, stochastic: false } },
  (seen) => {
    const played = seen.mine.length;
    if (played < OPENING.length) return OPENING[played] as 'C' | 'D';
    return seen.theirs.slice(0, 3).includes('D') ? lastOf(seen.theirs)! : 'D';
  },
);
