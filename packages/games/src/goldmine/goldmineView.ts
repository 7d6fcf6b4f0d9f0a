import type { PlayerId } from '../engine/types.ts';
import type { GoldmineState, GoldmineView } from './goldmineTypes.ts';

/** Plots whose claim truce still protects them from raids in the state's round. */
export function protectedPlots(state: GoldmineState): number[] {
  const out: number[] = [];
  for (let p = 0; p < state.truceUntil.length; p++) if (state.truceUntil[p]! >= state.round) out.push(p);
  return out;
}

/**
 * The ODD's information interface: the public map, the public history the
 * `history` setting allows, the rules' parameters, and the player's own gold,
 * last round and notices (what Step 0 removed from its answer, and why).
 * Arrays are shared with the state (views are read only), so building one per
 * player per round costs almost nothing.
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
    stamina: config.stamina,
    cap: config.cap,
    alpha: config.alpha,
    truce: config.truce,
    defense: config.defense,
    history: config.history,
    owner: state.owner,
    protectedPlots: config.truce > 1 ? protectedPlots(state) : [],
    gold: me >= 0 ? state.gold[me]! : 0,
    recent: state.recent,
    totals: state.totals,
    own: me >= 0 ? state.own[me]! : null,
    notices: me >= 0 ? (state.own[me]?.notices ?? []) : [],
  };
}
