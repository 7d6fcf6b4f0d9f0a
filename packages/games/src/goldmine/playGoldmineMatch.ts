import { brainContext } from '../engine/runner.ts';
import type { PlayerId, Strategy } from '../engine/types.ts';
import { resolveGoldmineRound } from './applyGoldmineRound.ts';
import type { GoldmineConfig } from './goldmineConfig.ts';
import type { GoldmineDecision } from './goldmineDecision.ts';
import { goldmineGame } from './goldmineGame.ts';
import type { GoldmineState, GoldmineView, RoundLog } from './goldmineTypes.ts';
import { goldmineView } from './goldmineView.ts';

export interface Seat {
  id: PlayerId;
  strategy: Strategy<GoldmineView, GoldmineDecision>;
}

/**
 * The experiments' fast path: a whole match between baseline strategies,
 * without the hash-chained event log, returning the final state and every
 * round's Step 4 log. Same decisions and results as `runMatchSync` on a
 * `Match` (the brains get the same derived streams).
 */
export function playGoldmineMatch(config: GoldmineConfig, seed: number, seats: readonly Seat[]): { state: GoldmineState; logs: RoundLog[] } {
  let state = goldmineGame.setup(config, seed, seats.map((s) => s.id));
  const logs: RoundLog[] = [];
  while (!state.over) {
    const decisions: Record<PlayerId, unknown> = {};
    for (const seat of seats) decisions[seat.id] = seat.strategy.decide(goldmineView(state, seat.id), brainContext(seed, seat.id, state.round, state.phase));
    const resolved = resolveGoldmineRound(state, { decisions })!;
    logs.push(resolved.log);
    state = resolved.state;
  }
  return { state, logs };
}
