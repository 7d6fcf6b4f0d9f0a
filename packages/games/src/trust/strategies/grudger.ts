import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { attackedMe, friend, move, obvious } from './strategyKit.ts';

/** Grudger: high-fives until an opponent attacks it once, then attacks that opponent forever. */
export const grudger: Strategy<TrustView, TrustDecision> = {
  name: 'grudger',
  description: 'High-fives until attacked, then attacks whoever attacked it for the rest of the match.',
  traits: { memoryDepth: Infinity, stochastic: false, usesModel: false },
  decide(view) {
    const sure = obvious(view);
    if (sure) return sure;
    const enemy = view.opponents.find((o) => view.history.some((round) => attackedMe(round, view.you, o)));
    return enemy ? move('ATTACK', enemy) : move('HIGH_FIVE', friend(view));
  },
};
