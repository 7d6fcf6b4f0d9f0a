import type { Strategy } from '../../engine/types.ts';
import type { TrustDecision } from '../trustDecision.ts';
import type { TrustView } from '../trustTypes.ts';
import { move, obvious } from './strategyKit.ts';

/** Random: high five or attack with equal odds, at a random opponent (the context's seeded stream). */
export const random: Strategy<TrustView, TrustDecision> = {
  name: 'random',
  description: 'High-fives or attacks at random, 50/50.',
  traits: { memoryDepth: 0, stochastic: true, usesModel: false },
  decide(view, ctx) {
    return obvious(view) ?? move(ctx.rng.chance(0.5) ? 'HIGH_FIVE' : 'ATTACK', ctx.rng.pick(view.opponents));
  },
};
