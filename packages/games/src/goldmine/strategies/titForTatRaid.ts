import type { BrainContext, Strategy } from '../../engine/types.ts';
import type { GoldmineAction, GoldmineDecision } from '../goldmineDecision.ts';
import type { GoldmineView } from '../goldmineTypes.ts';
import { expand, lastRound, mineOwned, pickDistinct, plotsOf, plotsOfSeat, RETALIATION_LINE } from './viewFacts.ts';

/**
 * Tit-for-tat-Raid (ODD baseline: retaliate by raiding those who just raided
 * me): never raids first. For every raid made on one of its plots last round
 * (successful or not), it raids one plot the raider owns now: distinct plots
 * drawn uniformly, fewer if the raider owns fewer, raiders in ascending id,
 * while stamina lasts; these come first in its list. Then it mines its plots
 * to the cap (richest first when plots differ) and claims uniformly drawn
 * unowned plots with what is left. It never defends and never raids
 * unprovoked, even when the map is full. With talk on it says so every round
 * (RETALIATION_LINE), which the other baselines read as a reason not to raid it.
 */
export const titForTatRaid: Strategy<GoldmineView, GoldmineDecision> = {
  name: 'tit-for-tat-raid',
  description: 'Retaliates with one raid per raid it suffered last round, then mines, then claims. Never raids first.',
  traits: { memoryDepth: 1, stochastic: true, usesModel: false },
  decide(view: GoldmineView, ctx: BrainContext): GoldmineDecision {
    const { mine, free } = plotsOf(view);
    const actions: GoldmineAction[] = [];
    let budget = view.stamina;
    const grudges = new Map<number, number>();
    for (const raid of lastRound(view)?.raids ?? []) {
      if (raid.owner !== view.me) continue;
      for (const raider of raid.by) grudges.set(raider, (grudges.get(raider) ?? 0) + 1);
    }
    for (const raider of [...grudges.keys()].sort((a, b) => a - b)) {
      for (const plot of pickDistinct(ctx.rng, plotsOfSeat(view, raider), Math.min(grudges.get(raider)!, budget))) {
        actions.push({ type: 'raid', plot });
        budget -= 1;
      }
    }
    budget = mineOwned(view, mine, budget, actions);
    expand(view, ctx, free, false, budget, actions);
    return view.talk ? { actions, talk: RETALIATION_LINE } : { actions };
  },
};
