import { seatHeldBy } from '../seats/seatSpec.ts';
import type { StoredMatch } from '../types.ts';

/**
 * Whether the person who opened a match holds a seat in it: then no person
 * observes it (RULES T-c), not its opener and not an admin, and the game's
 * beg policy answers every beg at once.
 */
export function openerSits(stored: Pick<StoredMatch, 'owner' | 'seats'>): boolean {
  const owner = stored.owner;
  return !!owner && seatHeldBy(stored, owner.id) !== undefined;
}
