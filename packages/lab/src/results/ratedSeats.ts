import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { SeatResult } from '../ratings/rateMatch.ts';
import type { ParticipantId } from '../ratings/ratingTable.ts';
import type { SeatResults } from './seatResults.ts';

/**
 * What `rateMatch` reads of a match whose seats are classed: decided and
 * forfeit seats at their places (a forfeit is last, a loss), void seats left
 * out (their match changes no rating of theirs), and nothing at all when the
 * House's own fault voided the match (`unrated`).
 */
export function ratedSeats(results: SeatResults, participantOf: (player: PlayerId) => ParticipantId): SeatResult[] {
  if (results.unrated !== null) return [];
  return results.seats.flatMap((s) => (s.place === null ? [] : [{ participant: participantOf(s.player), place: s.place, won: s.won }]));
}
