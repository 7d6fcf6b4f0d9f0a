import type { BrainContext, Strategy } from '../../engine/types.ts';
import type { GoldmineAction, GoldmineDecision } from '../goldmineDecision.ts';
import type { GoldmineView } from '../goldmineTypes.ts';
import { expand, mineOwned, plotsOf } from './viewFacts.ts';

/**
 * Greedy-Mine (ODD baseline: mine first if owning any plots, then claim or
 * raid). Mines every owned plot at the cap in ascending plot order while
 * stamina lasts (the last one with what is left); never defends; spends the
 * rest, one stamina per plot, claiming distinct unowned plots drawn uniformly,
 * or, once no plot is unowned, raiding distinct plots of others drawn
 * uniformly among those not defended last round, not under truce or the
 * authority, and not of a player who threatened to raid back (among all
 * plots of others when every one is). Rich plots first when yields differ.
 */
export const greedyMine: Strategy<GoldmineView, GoldmineDecision> = {
  name: 'greedy-mine',
  description: 'Mines every owned plot to the cap, then claims unowned plots, or raids once the map is full. Never defends.',
  traits: { memoryDepth: 1, stochastic: true, usesModel: false },
  decide(view: GoldmineView, ctx: BrainContext): GoldmineDecision {
    const { mine, free } = plotsOf(view);
    const actions: GoldmineAction[] = [];
    const left = mineOwned(view, mine, view.stamina, actions);
    expand(view, ctx, free, true, left, actions);
    return { actions };
  },
};
