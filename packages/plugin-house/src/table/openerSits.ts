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

/**
 * Whether no person observes a match, so the game's beg policy answers at
 * once: its opener sits in it (RULES T-c), or no person opened it (a lobby
 * that filled itself, a match the House opened), so there is nobody to tell
 * of a beg and waiting for an answer would only stall the table.
 */
export function unobserved(stored: Pick<StoredMatch, 'owner' | 'seats' | 'observer'>): boolean {
  return openerSits(stored) || !stored.observer;
}
