import type { Strategy } from '../../engine/types.ts';
import type { CafeDecision, CafeMove } from '../cafeDecision.ts';
import type { CafeView } from '../cafeTypes.ts';
import { rescueIfNeeded } from './marketFacts.ts';
import { writeResponse } from './writeResponse.ts';

/**
 * Free rider (spec "free-rider problem"): contributes nothing and puts little
 * effort into its answers. At level -2 or worse it accepts the cheapest open
 * loan offer to it; it rescues itself at -4 with whatever others gave or lent.
 */
export const freeRider: Strategy<CafeView, CafeDecision> = {
  name: 'free-rider',
  description: 'Free rider: low-effort answers, never gives; takes the cheapest loan on offer when in trouble and rescues with others’ tokens.',
  traits: { memoryDepth: 0, stochastic: true, usesModel: false },
  decide(view, { rng }) {
    const market: CafeMove[] = [];
    const offers = view.offers.filter((o) => o.borrower === view.you && o.open).sort((a, b) => a.rate - b.rate || b.amount - a.amount);
    if (view.level <= -2 && offers[0]) market.push({ type: 'accept_loan', from: offers[0].lender });
    rescueIfNeeded(view, -4, market);
    return { market, response: writeResponse(view.challenge, 0.3, rng) };
  },
};
