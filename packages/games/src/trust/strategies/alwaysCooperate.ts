import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { allianceMove, alliancesInPlay, friend, move, obvious, withAlly } from './strategyKit.ts';

/**
 * Always Cooperate: high-fives no matter what was done to it. Under the
 * alliance house rule it allies with anyone, and gives 3 sats to an ally down
 * to 5 or fewer while it has 20 or more.
 */
export const alwaysCooperate: Strategy<TrustView, TrustDecision> = {
  name: 'always-cooperate',
  description: 'Always high-fives; allies with anyone and helps allies in need.',
  traits: { memoryDepth: 0, stochastic: false, usesModel: false },
  decide(view) {
    const sure = obvious(view);
    if (sure) return sure;
    const decision = withAlly(move('HIGH_FIVE', friend(view)), allianceMove(view, () => true));
    if (!alliancesInPlay(view) || view.sats < 20) return decision;
    const needy = view.units.find((u) => u.alive && u.team !== view.team && view.allies.includes(u.team) && u.sats <= 5);
    return needy ? { ...decision, share: { to: needy.team, amount: 3 } } : decision;
  },
};
