import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { focus, move, obvious } from './strategyKit.ts';

/** Always Cheat: attacks every round, each opponent in turn. */
export const alwaysCheat: Strategy<TrustView, TrustDecision> = {
  name: 'always-cheat',
  description: 'Always attacks.',
  traits: { memoryDepth: 0, stochastic: false, usesModel: false },
  decide(view) {
    return obvious(view) ?? move('ATTACK', focus(view));
  },
};
