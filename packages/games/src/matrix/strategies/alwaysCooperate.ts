import { perOpponent } from './strategyKit.ts';

/** Always Cooperate: Axelrod Python library Cooperator; Nicky Case's Always Cooperate ("Cooperator"). */
export const alwaysCooperate = perOpponent({ name: 'always-cooperate', description: 'Always cooperates.', traits: { memoryDepth: 0, stochastic: false } }, () => 'C');
