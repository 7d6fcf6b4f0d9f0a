import type { PlayerId } from '@the-house/games/engine/types.ts';
import { seatHeldBy } from '../seats/seatSpec.ts';
import type { CommandAuthor, StoredMatch } from '../types.ts';

/** The seat a person holds in a match, by the id the server vouches for. */
export function seatOf(stored: StoredMatch, author: CommandAuthor): PlayerId | null {
  return seatHeldBy(stored, author.id) ?? null;
}
