import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { attackersAgo, friend, move, obvious, roundsSinceBeg, shockReserve } from './strategyKit.ts';

/** At or below this many sats, prudent asks the observer for help (at most every third round). */
const LOW = 10;

/**
 * Prudent: a careful cooperator. Replicates the moment it is legal; when low
 * (counting a shock's worst as lower still, under the `shocks` house rule),
 * begs a modest amount with an honest reason; after being attacked it blocks
 * (a blocked attack pays it +1 net and costs the attacker 3) until the attacks
 * stop; otherwise it high-fives whoever high-fived it.
 */
export const prudent: Strategy<TrustView, TrustDecision> = {
  name: 'prudent',
  description: 'Replicates as soon as legal, begs a little when low, blocks after being attacked, otherwise high-fives.',
  traits: { memoryDepth: Infinity, stochastic: false, usesModel: false },
  decide(view) {
    const sure = obvious(view);
    if (sure) return sure;
    if (view.sats <= LOW + shockReserve(view) && roundsSinceBeg(view) >= 3) {
      const amount = Math.min(5, view.rules.begMax);
      return { action: 'BEG', amount, reason: `I am down to ${view.sats} sats after being attacked; ${amount} sats would keep me alive a few more rounds.` };
    }
    if (attackersAgo(view).length) return move('BLOCK');
    return move('HIGH_FIVE', friend(view));
  },
};
