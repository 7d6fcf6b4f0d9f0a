import type { Strategy } from '../../engine/types.ts';
import type { CafeDecision, CafeMove } from '../cafeDecision.ts';
import type { CafeView } from '../cafeTypes.ts';
import { others, rescueIfNeeded, wholeTokens } from './marketFacts.ts';
import { writeResponse } from './writeResponse.ts';

/** The predator's terms (spec Scenario 1: 30% over 3 rounds). */
const RATE = 0.3;
const DURATION = 3;

/**
 * Predatory lender (spec Scenario 1): never gives. To every living player at
 * level -2 or worse it offers its shortfall for a rescue (at least half a
 * rescue) at 30% for 3 rounds; it withdraws offers to players who recovered to level 0
 * or better. Rescues itself at -4. Answers with high effort.
 */
export const predatoryLender: Strategy<CafeView, CafeDecision> = {
  name: 'predatory-lender',
  description: 'Predatory lender: offers the desperate (level -2 or worse) what they lack for a rescue at 30% for 3 rounds; never donates.',
  traits: { memoryDepth: 0, stochastic: true, usesModel: false },
  decide(view, { rng }) {
    const market: CafeMove[] = [];
    let spare = rescueIfNeeded(view, -4, market);
    const offered = new Set(view.offers.filter((o) => o.lender === view.you).map((o) => o.borrower));
    for (const p of others(view)) {
      if (!p.alive) continue;
      if (offered.has(p.id) && p.level >= 0) market.push({ type: 'withdraw_offer', to: p.id });
      if (offered.has(p.id) || p.level > -2) continue;
      const amount = wholeTokens(Math.min(Math.max(view.costs.rescue - p.tokens + 1, view.costs.rescue / 2), spare));
      if (amount <= 0) continue;
      market.push({ type: 'offer_loan', to: p.id, amount, rate: RATE, duration: DURATION });
      spare -= amount;
    }
    return { market, response: writeResponse(view.challenge, 0.85, rng) };
  },
};
