import { rate } from 'openskill';
import { compareIds, participantRating, RATING_OPTIONS, type ParticipantId, type ParticipantRating, type Ratings } from './ratingTable.ts';

/** One seat of a finished match: who held it, where it finished (1 is best, equal places tie), and whether it won. */
export interface SeatResult {
  participant: ParticipantId;
  place: number;
  won: boolean;
}

/**
 * The ratings after one match, the input left untouched.
 *
 * Each participant is updated once per match, ranked by the mean place of its
 * seats. Several seats of one participant (5 greedy miners out of 10, a copycat
 * pair) are one strategy tried once on one seed and map, not independent
 * evidence, so rating each seat as its own result would shrink sigma several
 * times over; and copies finishing above or below each other say nothing about
 * the participant's skill. For the same reason a match whose seats all belong to
 * one participant is not rated at all (nor counted in `matches` and `wins`):
 * `ratings` itself comes back, so a caller can tell by identity.
 *
 * Participants are rated in id order, so the same match gives the same ratings
 * however its seats are listed; a sequence of matches is rated in the order given.
 */
export function rateMatch(ratings: Ratings, result: readonly SeatResult[]): Ratings {
  const seats = new Map<ParticipantId, { places: number[]; won: boolean }>();
  for (const seat of result) {
    if (!Number.isFinite(seat.place)) throw new RangeError(`place of '${seat.participant}' must be a finite number, got ${seat.place}`);
    const entry = seats.get(seat.participant) ?? { places: [], won: false };
    entry.places.push(seat.place);
    entry.won ||= seat.won;
    seats.set(seat.participant, entry);
  }
  if (seats.size < 2) return ratings;

  const ids = [...seats.keys()].sort(compareIds);
  const prior = ids.map((id) => participantRating(ratings, id));
  const rank = ids.map((id) => {
    const { places } = seats.get(id)!;
    return places.reduce((sum, p) => sum + p, 0) / places.length;
  });
  const posterior = rate(
    prior.map(({ mu, sigma }) => [{ mu, sigma }]),
    { ...RATING_OPTIONS, rank },
  );
  const updated = new Map<ParticipantId, ParticipantRating>(
    ids.map((id, i) => {
      const { mu, sigma } = posterior[i]![0]!;
      return [id, { mu, sigma, matches: prior[i]!.matches + 1, wins: prior[i]!.wins + (seats.get(id)!.won ? 1 : 0) }];
    }),
  );
  const kept = Object.entries(ratings.participants).filter(([id]) => !updated.has(id));
  return { ...ratings, participants: Object.fromEntries([...kept, ...updated]) };
}
