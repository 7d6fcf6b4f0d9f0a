import { brainContext } from '../../../engine/runner.ts';
import type { BrainContext, PlayerId, Strategy } from '../../../engine/types.ts';
import type { CafeDecision } from '../cafeDecision.ts';
import { cafeGame } from '../cafeGame.ts';
import type { CafeState, CafeView } from '../cafeTypes.ts';

/** Test fixtures for strategies: a table set up by (level, tokens) per player, and the view and context of one of them. */
export function tableOf(seats: Record<PlayerId, [level: number, tokens: number, alive?: boolean]>, round = 1): CafeState {
  const s = cafeGame.setup(cafeGame.configSchema.parse({}), 11, Object.keys(seats));
  s.round = round;
  for (const p of s.table) {
    const [level, tokens, alive = true] = seats[p.id]!;
    Object.assign(p, { level, cents: tokens * 100, alive });
  }
  return s;
}

export function seen(state: CafeState, player: PlayerId): { view: CafeView; ctx: BrainContext } {
  return { view: cafeGame.view(state, player), ctx: brainContext(state.seed, player, state.round, state.phase) };
}

/** The decision `strategy` takes as `player` at this table. */
export function decideAs(strategy: Strategy<CafeView, CafeDecision>, state: CafeState, player: PlayerId): CafeDecision {
  const { view, ctx } = seen(state, player);
  return strategy.decide(view, ctx);
}
