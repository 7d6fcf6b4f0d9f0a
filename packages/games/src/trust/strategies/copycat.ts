import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { attackersAgo, friend, move, obvious } from './strategyKit.ts';

/** Tit for Tat: high-five first, then do to each opponent what it did to me last round. */
export const copycat: Strategy<TrustView, TrustDecision> = {
  name: 'copycat',
  description: 'High-fives first, then copies what each opponent did to it last round.',
  traits: { memoryDepth: 1, stochastic: false, usesModel: false },
  decide(view) {
    const sure = obvious(view);
    if (sure) return sure;
    const attackers = attackersAgo(view);
    return attackers.length ? move('ATTACK', attackers[0]) : move('HIGH_FIVE', friend(view));
  },
};
