import type { Strategy } from '../../engine/types.ts';
import type { CafeDecision, CafeMove } from '../cafeDecision.ts';
import type { CafeView } from '../cafeTypes.ts';
import { rescueIfNeeded } from './marketFacts.ts';
import { writeResponse } from './writeResponse.ts';

/**
 * Hoarder: lets compound interest work. Never donates, lends or resurrects,
 * and spends on a rescue only at the last level before elimination. Answers
 * with middling effort.
 */
export const hoarder: Strategy<CafeView, CafeDecision> = {
  name: 'hoarder',
  description: 'Hoarder: never gives or lends; rescues itself only at the last level before elimination.',
  traits: { memoryDepth: 0, stochastic: true, usesModel: false },
  decide(view, { rng }) {
    const market: CafeMove[] = [];
    rescueIfNeeded(view, view.costs.minLevel, market);
    return { market, response: writeResponse(view.challenge, 0.6, rng) };
  },
};
