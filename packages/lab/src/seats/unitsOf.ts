import type { Match } from '@the-house/games/engine/match.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { seatOwner } from './seatOwner.ts';

/** The players a seat answers for: its own, and any unit spawned for it mid-match (Trust's replicas), in seat order. */
export function unitsOf(match: Match, owner: PlayerId): PlayerId[] {
  return [...new Set([...match.state.players, ...match.actors()])].filter((id) => seatOwner(match.state, id) === owner);
}
