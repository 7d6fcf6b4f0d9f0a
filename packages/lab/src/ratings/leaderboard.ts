import { ordinal } from 'openskill';
import { compareIds, RATING_OPTIONS, type ParticipantId, type Ratings } from './ratingTable.ts';

/** Half-width of the 95% interval in sigmas (mu ± 1.96 sigma), the one every leaderboard shows: the House tab, /house/ratings, `house ratings`, tournaments and sweeps. */
export const INTERVAL_SIGMAS = 1.96;

export interface LeaderboardRow {
  rank: number;
  participant: ParticipantId;
  /** Conservative rating, mu - 3 sigma: a newcomer starts at 0 and must earn its place. */
  ordinal: number;
  mu: number;
  sigma: number;
  /** mu - INTERVAL_SIGMAS * sigma */
  low: number;
  /** mu + INTERVAL_SIGMAS * sigma */
  high: number;
  matches: number;
  wins: number;
}

/**
 * Everyone rated, best first by the conservative ordinal, so a participant with
 * few matches (wide sigma) ranks below an equally strong one that has proven it.
 * Equal ordinals go by mu, then by id, so the order never depends on insertion.
 */
export function leaderboard(ratings: Ratings): LeaderboardRow[] {
  return Object.entries(ratings.participants)
    .map(([participant, r]) => ({
      participant,
      ordinal: ordinal(r, RATING_OPTIONS),
      mu: r.mu,
      sigma: r.sigma,
      low: r.mu - INTERVAL_SIGMAS * r.sigma,
      high: r.mu + INTERVAL_SIGMAS * r.sigma,
      matches: r.matches,
      wins: r.wins,
    }))
    .sort((a, b) => b.ordinal - a.ordinal || b.mu - a.mu || compareIds(a.participant, b.participant))
    .map((row, i) => ({ rank: i + 1, ...row }));
}
