import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { allianceMove, attackedMe, friend, move, obvious, withAlly } from './strategyKit.ts';

/**
 * Grudger: high-fives until an opponent attacks it once, then attacks that
 * opponent forever. Under the alliance house rule it allies with any team
 * that never attacked it.
 */
export const grudger: Strategy<TrustView, TrustDecision> = {
  name: 'grudger',
  description: 'High-fives until attacked, then attacks whoever attacked it for the rest of the match; allies with those who never attacked it.',
  traits: { memoryDepth: Infinity, stochastic: false, usesModel: false },
  decide(view) {
    const sure = obvious(view);
    if (sure) return sure;
    const grudge = (o: string) => view.history.some((round) => attackedMe(round, view.you, o));
    const enemy = view.opponents.find(grudge);
    return withAlly(enemy ? move('ATTACK', enemy) : move('HIGH_FIVE', friend(view)), allianceMove(view, (team) => !grudge(team)));
  },
};
