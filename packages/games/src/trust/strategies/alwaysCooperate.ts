import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { friend, move, obvious } from './strategyKit.ts';

/** Always Cooperate: high-fives no matter what was done to it. */
export const alwaysCooperate: Strategy<TrustView, TrustDecision> = {
  name: 'always-cooperate',
  description: 'Always high-fives.',
  traits: { memoryDepth: 0, stochastic: false, usesModel: false },
  decide(view) {
    return obvious(view) ?? move('HIGH_FIVE', friend(view));
  },
};
