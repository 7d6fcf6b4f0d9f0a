import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { attackersAgo, friend, hostile, move, obvious, roundsSinceBeg, shockReserve } from './strategyKit.ts';

/**
 * Guardian: Copycat that minds the race. Replicates when legal. An opponent
 * that attacked twice running is expected to attack again, so it blocks; a
 * single attack is answered in kind. An opponent one high five away from
 * replicating while Guardian is behind is attacked, because replication is
 * checked on the round's starting sats and denying that +3 is the last chance.
 * When close to elimination (a shock's worst counted, under the `shocks`
 * house rule) it begs, asking for what brings it back to 15. It never aims
 * at an ally (house rule `alliances`).
 */
export const guardian: Strategy<TrustView, TrustDecision> = {
  name: 'guardian',
  description: 'Copycat that blocks repeat attackers, attacks a rival about to replicate, and begs when close to death.',
  traits: { memoryDepth: 2, stochastic: false, usesModel: false },
  decide(view) {
    const sure = obvious(view);
    if (sure) return sure;
    const reserve = shockReserve(view);
    if (view.sats <= 6 + reserve && roundsSinceBeg(view) >= 2) {
      const amount = Math.max(1, Math.min(15 + reserve - view.sats, view.rules.begMax));
      return { action: 'BEG', amount, reason: `Two more attacks would end me at ${view.sats} sats; ${amount} sats lets me keep playing fairly.` };
    }
    const recent = attackersAgo(view, 1);
    const before = attackersAgo(view, 2);
    if (recent.some((o) => before.includes(o))) return move('BLOCK');
    if (recent.length) return move('ATTACK', recent[0]);
    const targets = hostile(view);
    const rival = view.units.find((u) => u.alive && targets.includes(u.id) && u.sats >= view.rules.replicateAt - 3 && u.sats < view.rules.replicateAt && u.sats > view.sats);
    if (rival) return move('ATTACK', rival.id);
    return move('HIGH_FIVE', friend(view));
  },
};
