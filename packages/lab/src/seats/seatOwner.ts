import type { PlayerId } from '@the-house/games/engine/types.ts';

/**
 * The seat a decision is owed by: the seat itself, or, for a unit a game
 * added during play (Trust's `spawn` variant: `Ada#2`), the player whose team
 * it is. That player's brain, runtime and notes decide for the unit.
 */
export function seatOwner(state: unknown, id: PlayerId): PlayerId {
  return (state as { units?: Array<{ id: string; team: string }> }).units?.find((u) => u.id === id)?.team ?? id;
}
