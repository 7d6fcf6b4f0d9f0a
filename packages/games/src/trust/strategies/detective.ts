import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { attackedMe, attackersAgo, focus, friend, move, obvious } from './strategyKit.ts';

const OPENING = ['HIGH_FIVE', 'ATTACK', 'HIGH_FIVE', 'HIGH_FIVE'] as const;

/**
 * Detective: opens high five, attack, high five, high five. An opponent that
 * ever hit back is played as Copycat; one that never did is exploited with attacks.
 */
export const detective: Strategy<TrustView, TrustDecision> = {
  name: 'detective',
  description: 'Opens HF, ATTACK, HF, HF; then copies opponents that retaliated and always attacks those that did not.',
  traits: { memoryDepth: Infinity, stochastic: false, usesModel: false },
  decide(view) {
    const sure = obvious(view);
    if (sure) return sure;
    if (view.round <= OPENING.length) return move(OPENING[view.round - 1]!, focus(view));
    const meek = view.opponents.find((o) => !view.history.some((round) => attackedMe(round, view.you, o)));
    if (meek) return move('ATTACK', meek);
    const attackers = attackersAgo(view);
    return attackers.length ? move('ATTACK', attackers[0]) : move('HIGH_FIVE', friend(view));
  },
};
