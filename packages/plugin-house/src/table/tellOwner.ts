import type { PlayerId } from '@the-house/games/engine/types.ts';
import { seatHeldBy } from '../seats/seatSpec.ts';
import type { StoredMatch } from '../types.ts';

/** What of a table's voice a private line needs (TableVoice has it; named here so the voice may use this without a cycle). */
export interface PrivateLines {
  tellObserver(text: string): Promise<void>;
  tellPerson(player: PlayerId, text: string): Promise<void>;
}

/**
 * A private line for the person who opened a match: their chat with the
 * House as the observer (they hold no seat), else the chat of the seat they
 * hold (RULES T-c: a seated opener is no observer). A match opened by no
 * person (a lobby filled by itself, REST) has nobody to tell.
 */
export async function tellOwner(voice: PrivateLines, stored: StoredMatch, text: string): Promise<void> {
  if (stored.observer) return voice.tellObserver(text);
  const owner = stored.owner?.id;
  const seat = owner ? seatHeldBy(stored, owner) : undefined;
  if (seat !== undefined) await voice.tellPerson(seat, text);
}
