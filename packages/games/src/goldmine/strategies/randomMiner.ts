import type { BrainContext, Strategy } from '../../engine/types.ts';
import type { GoldmineAction, GoldmineDecision } from '../goldmineDecision.ts';
import type { GoldmineView } from '../goldmineTypes.ts';

/**
 * Random (ODD baseline: uniformly random stamina allocation). Spends its
 * stamina one unit at a time, each unit on a uniformly drawn option among
 * those still open: claim an unowned plot, raid a plot of another player,
 * defend an own plot (each plot at most once per category), or add 1 to the
 * mining of an own plot that is below the cap. It reads no talk. Actions are listed in the order
 * they were first drawn; a plot's mining appears once, with its total k.
 * Stops early only when no option is left.
 */
// The option list is rebuilt from the view on every call, so one buffer serves them all (decide stays pure).
let scratch = new Int32Array(0);

export const randomMiner: Strategy<GoldmineView, GoldmineDecision> = {
  name: 'random',
  description: 'Every stamina unit goes to a uniformly random legal option (claim, raid, defend, +1 mining).',
  traits: { memoryDepth: 0, stochastic: true, usesModel: false },
  decide(view: GoldmineView, { rng }: BrainContext): GoldmineDecision {
    const { owner, me } = view;
    const plots = owner.length;
    // Options are encoded as category * plots + plot: 0 claim, 1 raid, 2 defend, 3 mine; `left` of them are still open.
    const options = scratch.length >= 2 * plots ? scratch : (scratch = new Int32Array(2 * plots));
    let left = 0;
    for (let p = 0; p < plots; p++) {
      const o = owner[p]!;
      if (o === -1) options[left++] = p;
      else if (o !== me) options[left++] = plots + p;
      else {
        options[left++] = 2 * plots + p;
        options[left++] = 3 * plots + p;
      }
    }
    const actions: GoldmineAction[] = [];
    const mining = new Map<number, GoldmineAction & { type: 'mine' }>();
    for (let unit = 0; unit < view.stamina && left > 0; unit++) {
      const at = rng.int(0, left - 1);
      const code = options[at]!;
      const category = Math.floor(code / plots);
      const plot = code % plots;
      if (category === 3) {
        let action = mining.get(plot);
        if (!action) {
          action = { type: 'mine', plot, k: 0 };
          mining.set(plot, action);
          actions.push(action);
        }
        action.k += 1;
        if (action.k < view.cap) continue;
      } else {
        actions.push({ type: category === 0 ? 'claim' : category === 1 ? 'raid' : 'defend', plot });
      }
      options[at] = options[--left]!;
    }
    return { actions };
  },
};
