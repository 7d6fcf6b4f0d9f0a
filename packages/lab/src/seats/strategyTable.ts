import { lazyRecord } from '@the-house/games/engine/safeKey.ts';
import type { PlayerId, Strategy } from '@the-house/games/engine/types.ts';

/**
 * Strategies by player id, for `runMatchSync`. Units a game adds during play
 * (Trust's spawned `a#2`) are played by the strategy of the player before the
 * `#`. Backed by a Map, so an id such as `constructor` finds nothing, not
 * Object's prototype; every strategy it finds is an own entry, as the runner reads them.
 */
export function strategyTable(ids: readonly PlayerId[], strategies: readonly Strategy<any, any>[]): Record<PlayerId, Strategy<any, any>> {
  const byId = new Map(ids.map((id, i) => [id, strategies[i]!]));
  return lazyRecord((key) => byId.get(key) ?? byId.get(key.split('#')[0]!));
}
