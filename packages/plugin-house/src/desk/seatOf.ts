import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { CommandAuthor, StoredMatch } from '../types.ts';

/** The seat a person holds in a match, by the id the server vouches for. */
export function seatOf(stored: StoredMatch, author: CommandAuthor): PlayerId | null {
  return Object.entries(stored.humans).find(([, seat]) => seat.id === author.id)?.[0] ?? null;
}
