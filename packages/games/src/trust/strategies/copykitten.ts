import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { attackersAgo, friend, move, obvious } from './strategyKit.ts';

/** Copykitten (Tit for Two Tats): attacks back only an opponent that attacked it two rounds running. */
export const copykitten: Strategy<TrustView, TrustDecision> = {
  name: 'copykitten',
  description: 'High-fives; attacks an opponent only after it attacked twice in a row.',
  traits: { memoryDepth: 2, stochastic: false, usesModel: false },
  decide(view) {
    const sure = obvious(view);
    if (sure) return sure;
    const before = attackersAgo(view, 2);
    const twice = attackersAgo(view, 1).find((o) => before.includes(o));
    return twice ? move('ATTACK', twice) : move('HIGH_FIVE', friend(view));
  },
};
