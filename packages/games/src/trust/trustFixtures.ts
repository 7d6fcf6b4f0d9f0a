import type { GameEvent } from '../engine/types.ts';
import { trustConfigSchema } from './trustConfig.ts';
import { trustGame } from './trustGame.ts';
import type { TrustState } from './trustTypes.ts';

/** One round's decisions by player id, as a test writes them. */
export type TrustDecisions = Record<string, unknown>;

/** A Trust match's first state for tests: no misses unless the config asks, so a transcript reads as played. */
export function startTrust(config: Record<string, unknown> = {}, players = ['a', 'b'], seed = 1): TrustState {
  return trustGame.setup(trustConfigSchema.parse({ missChance: 0, ...config }), seed, players);
}

/** Applies rounds in order; the events are the last round's. */
export function playTrust(state: TrustState, ...rounds: TrustDecisions[]): { state: TrustState; events: GameEvent[] } {
  let events: GameEvent[] = [];
  for (const decisions of rounds) ({ state, events } = trustGame.apply(state, { decisions }));
  return { state, events };
}

/** Each unit's sats by id. */
export const satsOf = (state: TrustState) => Object.fromEntries(state.units.map((u) => [u.id, u.sats]));
