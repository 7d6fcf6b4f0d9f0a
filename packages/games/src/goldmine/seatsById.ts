import { compareCodePoints } from '../engine/codePointOrder.ts';

const cache = new WeakMap<readonly string[], number[]>();

/**
 * Seat indexes in ascending player id (code-point order): the order in which
 * tie-breaks list their participants (RULES G-b). States share their players
 * array, so the order is worked out once per match.
 */
export function seatsById(players: readonly string[]): number[] {
  let order = cache.get(players);
  if (!order) {
    order = players.map((_, i) => i).sort((a, b) => compareCodePoints(players[a]!, players[b]!));
    cache.set(players, order);
  }
  return order;
}
