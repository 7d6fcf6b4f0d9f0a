import type { PlayerId } from '../engine/types.ts';
import type { GoldmineState, GoldmineView } from './goldmineTypes.ts';

/** Plots whose claim truce still protects them from raids in the state's round. */
export function protectedPlots(state: GoldmineState): number[] {
  const out: number[] = [];
  for (let p = 0; p < state.truceUntil.length; p++) if (state.truceUntil[p]! >= state.round) out.push(p);
  return out;
}

/** Plots the authority would give back if raided this round: held by their owner for at least `authority` rounds (RULES G-e). */
export function authorityPlots(state: GoldmineState): number[] {
  const tenure = state.config.authority;
  if (!(tenure > 0)) return NONE;
  const out: number[] = [];
  for (let p = 0; p < state.owner.length; p++) if (state.owner[p]! >= 0 && state.round - state.since[p]! >= tenure) out.push(p);
  return out;
}

/** No plots: shared by the views of a treatment that is off (views are read only). */
const NONE: number[] = [];

/** Whether the seats' stamina differs (the stamina treatment). */
function varies(values: readonly number[]): boolean {
  return values.some((v) => v !== values[0]);
}

/**
 * The ODD's information interface: the public map, the public history the
 * `history` setting allows, the rules' parameters (with the treatments of
 * RULES G-e where they apply: everyone's stamina when it differs, every
 * plot's alpha unless all yield `alpha`, last round's talk lines in `recent`, the plots the authority
 * protects), and the player's own gold, last round and notices (what Step 0
 * removed from its answer, and why). Arrays are shared with the state (views
 * are read only), so building one per player per round costs almost nothing.
 */
export function goldmineView(state: GoldmineState, player: PlayerId): GoldmineView {
  const me = state.players.indexOf(player);
  const { config } = state;
  return {
    player,
    me,
    players: state.players,
    round: state.round,
    rounds: config.rounds,
    size: config.size,
    stamina: me >= 0 ? state.staminaOf[me]! : 0,
    staminaOf: varies(state.staminaOf) ? state.staminaOf : null,
    cap: config.cap,
    alpha: config.alpha,
    plotAlpha: state.alphaOf,
    truce: config.truce,
    defense: config.defense,
    history: config.history,
    talk: config.talk,
    authority: config.authority > 0 ? { tenure: config.authority, fine: config.authorityFine } : null,
    authorityPlots: authorityPlots(state),
    owner: state.owner,
    protectedPlots: config.truce > 1 ? protectedPlots(state) : NONE,
    gold: me >= 0 ? state.gold[me]! : 0,
    recent: state.recent,
    own: me >= 0 ? state.own[me]! : null,
    notices: me >= 0 ? (state.own[me]?.notices ?? []) : [],
  };
}
