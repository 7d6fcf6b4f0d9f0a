import type { Strategy } from '../../engine/types.ts';
import type { CafeDecision, CafeMove } from '../cafeDecision.ts';
import type { CafeView } from '../cafeTypes.ts';
import { cooperativeDecision } from './creditUnion.ts';
import { rescueIfNeeded } from './marketFacts.ts';
import { writeResponse } from './writeResponse.ts';

/** Share of the match after which the betrayer stops helping (spec Scenario 3: round 16 of 20). */
const BETRAY_AFTER = 0.75;

/**
 * Strategic betrayer (spec Scenario 3): plays the credit union until 75% of
 * the rounds are gone, then stops helping anyone, keeps its bank, rescues
 * itself only at -4 and answers with full effort to win the endgame.
 */
export const strategicBetrayer: Strategy<CafeView, CafeDecision> = {
  name: 'strategic-betrayer',
  description: 'Strategic betrayer: a credit union until round 15 of 20, then stops helping and competes hard.',
  traits: { memoryDepth: 0, stochastic: true, usesModel: false },
  decide(view, { rng }) {
    if (view.round <= Math.floor(view.rounds * BETRAY_AFTER)) return cooperativeDecision(view, rng, 0.75);
    const market: CafeMove[] = [];
    rescueIfNeeded(view, -4, market);
    return { market, response: writeResponse(view.challenge, 1, rng) };
  },
};
