import { lastOf, perOpponent } from './strategyKit.ts';

/**
 * Suspicious Tit For Tat: Tit For Tat that opens with a defection. Axelrod
 * Python library: SuspiciousTitForTat (Hilbe et al. 2013; "Mistrust" in
 * Beaufils et al. 1997).
 */
export const suspiciousTitForTat = perOpponent(
  { name: 'suspicious-tit-for-tat', description: 'Defects first, then does what the opponent did last time.', traits: { memoryDepth: 1, stochastic: false } },
  (seen) => lastOf(seen.theirs) ?? 'D',
);
