import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { allianceMove, attackersAgo, friend, highFivedMe, move, obvious, roundsAgo, withAlly } from './strategyKit.ts';

/**
 * Tit for Tat: high-five first, then do to each opponent what it did to me
 * last round. Under the alliance house rule it allies with a team that
 * high-fived it last round.
 */
export const copycat: Strategy<TrustView, TrustDecision> = {
  name: 'copycat',
  description: 'High-fives first, then copies what each opponent did to it last round; allies with whoever high-fived it.',
  traits: { memoryDepth: 1, stochastic: false, usesModel: false },
  decide(view) {
    const sure = obvious(view);
    if (sure) return sure;
    const attackers = attackersAgo(view);
    const last = roundsAgo(view, 1);
    const ally = allianceMove(view, (team) => highFivedMe(last, view.you, team));
    return withAlly(attackers.length ? move('ATTACK', attackers[0]) : move('HIGH_FIVE', friend(view)), ally);
  },
};
