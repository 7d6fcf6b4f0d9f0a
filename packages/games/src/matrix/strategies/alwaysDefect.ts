import { perOpponent } from './strategyKit.ts';

/** Always Defect: Axelrod Python library Defector; Nicky Case's Always Cheat ("Cheater"). */
export const alwaysDefect = perOpponent({ name: 'always-defect', description: 'Always defects.', traits: { memoryDepth: 0, stochastic: false } }, () => 'D');
