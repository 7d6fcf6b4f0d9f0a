import type { BrainContext, Strategy } from '../../engine/types.ts';
import type { GoldmineAction, GoldmineDecision } from '../goldmineDecision.ts';
import type { GoldmineView } from '../goldmineTypes.ts';
import { expand, mineOwned, plotsOf } from './viewFacts.ts';

/**
 * Defend-then-Mine (ODD baseline: defend all owned plots before mining, and
 * only then claim or raid). Defends every owned plot (ascending, one stamina
 * each, as long as stamina lasts), then mines them at the cap in
 * ascending order with what is left, and only then expands exactly as
 * Greedy-Mine does: distinct unowned plots drawn uniformly, or once none is
 * unowned, raids on distinct undefended, untruced plots of others.
 */
export const defendThenMine: Strategy<GoldmineView, GoldmineDecision> = {
  name: 'defend-then-mine',
  description: 'Defends all owned plots, then mines them to the cap, then claims (or raids once the map is full).',
  traits: { memoryDepth: 1, stochastic: true, usesModel: false },
  decide(view: GoldmineView, ctx: BrainContext): GoldmineDecision {
    const { mine, free } = plotsOf(view);
    const actions: GoldmineAction[] = [];
    let budget = view.stamina;
    for (const plot of mine) {
      if (budget <= 0) break;
      actions.push({ type: 'defend', plot });
      budget -= 1;
    }
    budget = mineOwned(view, mine, budget, actions);
    expand(view, ctx, free, true, budget, actions);
    return { actions };
  },
};
