import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { actOf, focus, highFivedMe, move, myMove, obvious, roundsAgo } from './strategyKit.ts';

/**
 * Simpleton (Pavlov, win-stay lose-shift): high-fives first; if the opponent it
 * dealt with last round high-fived it, repeats its own last move, else switches
 * between high five and attack.
 */
export const simpleton: Strategy<TrustView, TrustDecision> = {
  name: 'simpleton',
  description: 'Starts with HF; repeats its last move if the opponent high-fived it, otherwise switches HF <-> ATTACK.',
  traits: { memoryDepth: 1, stochastic: false, usesModel: false },
  decide(view) {
    const sure = obvious(view);
    if (sure) return sure;
    const last = roundsAgo(view, 1);
    const mine = actOf(last, view.you);
    if (!last || !mine) return move('HIGH_FIVE', focus(view));
    const partner = mine.target && view.opponents.includes(mine.target) ? mine.target : focus(view);
    const previous = myMove(view) === 'ATTACK' ? 'ATTACK' : 'HIGH_FIVE';
    const next = highFivedMe(last, view.you, partner) ? previous : previous === 'ATTACK' ? 'HIGH_FIVE' : 'ATTACK';
    return move(next, partner);
  },
};
