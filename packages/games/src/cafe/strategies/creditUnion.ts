import type { BrainContext, Strategy } from '../../engine/types.ts';
import type { CafeDecision, CafeMove } from '../cafeDecision.ts';
import type { CafeView } from '../cafeTypes.ts';
import { inCrisis, rescueIfNeeded, wholeTokens } from './marketFacts.ts';
import { writeResponse } from './writeResponse.ts';

/** Tokens the credit union keeps for itself before giving. */
const RESERVE = 300;

/**
 * Credit union (spec Scenario 2): keeps everyone alive for the group bonus.
 * Rescues itself at level -4; gives each living player in crisis (level -3 or
 * worse) what it lacks for a rescue, shared out of everything above a small
 * reserve; resurrects an eliminated player when it can afford it and still
 * keep the reserve. Answers with solid effort.
 */
export function cooperativeDecision(view: CafeView, rng: BrainContext['rng'], effort: number): CafeDecision {
  const market: CafeMove[] = [];
  let spare = rescueIfNeeded(view, -4, market, RESERVE);
  const dead = view.players.find((p) => !p.alive);
  if (dead && spare >= view.costs.resurrect) {
    market.push({ type: 'resurrect', target: dead.id });
    spare -= view.costs.resurrect;
  }
  for (const p of inCrisis(view)) {
    const gift = wholeTokens(Math.min(Math.max(view.costs.rescue - p.tokens, 100), spare));
    if (gift <= 0) break;
    market.push({ type: 'donate', to: p.id, amount: gift });
    spare -= gift;
  }
  return { market, response: writeResponse(view.challenge, effort, rng) };
}

export const creditUnion: Strategy<CafeView, CafeDecision> = {
  name: 'credit-union',
  description: 'Cooperative credit union: donates to whoever is in crisis (level -3 or worse), resurrects the fallen when it can, rescues itself at -4.',
  traits: { memoryDepth: 0, stochastic: true, usesModel: false },
  decide: (view, { rng }) => cooperativeDecision(view, rng, 0.7),
};
