import { brainContext } from '../../engine/runner.ts';
import type { BrainContext, PlayerId } from '../../engine/types.ts';
import { influenceGame } from '../influenceGame.ts';
import type { InfluenceState } from '../influenceTypes.ts';

/** A fresh game of the given players at WHISPER of round 1, for strategy tests. */
export function freshGame(players: PlayerId[], seed = 1): InfluenceState {
  return influenceGame.setup(influenceGame.configSchema.parse({}), seed, players);
}

export function ctxFor(state: InfluenceState, player: PlayerId): BrainContext {
  return brainContext(state.seed, player, state.round, state.phase);
}

/** Plays one phase with the given decisions (others missing, so auto-filled). */
export function step(state: InfluenceState, decisions: Record<PlayerId, unknown>): InfluenceState {
  return influenceGame.apply(state, { decisions }).state;
}
