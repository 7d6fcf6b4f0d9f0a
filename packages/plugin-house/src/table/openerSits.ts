import type { StoredMatch } from '../types.ts';

/**
 * Whether the person who opened a match holds a seat in it: then no person
 * observes it (RULES T-c), not its opener and not an admin, and the game's
 * beg policy answers every beg at once.
 */
export function openerSits(stored: Pick<StoredMatch, 'owner' | 'humans'>): boolean {
  const owner = stored.owner;
  return !!owner && Object.values(stored.humans).some((seat) => seat.id === owner.id);
}
