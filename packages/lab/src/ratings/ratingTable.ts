import type { Options } from 'openskill';
import { bradleyTerryFull } from 'openskill/models';

/** Who is rated: a strategy name (`copycat`), a model brain (`model:gpt-4o-mini`) or a character name. */
export type ParticipantId = string;

export interface ParticipantRating {
  /** Estimated skill. */
  mu: number;
  /** Uncertainty of `mu` (one standard deviation). */
  sigma: number;
  /** Rated matches: a match where the participant only met copies of itself is not one. */
  matches: number;
  /** Rated matches where one of its seats was among the game's winners. */
  wins: number;
}

/** One game's ratings. Plain JSON data, so the House can keep it in its database and the sweep in its output folder. */
export interface Ratings {
  system: typeof RATING_SYSTEM;
  game: string;
  participants: Record<ParticipantId, ParticipantRating>;
}

/**
 * Names the rating model and its parameters, and is stored with the ratings:
 * numbers from another model or scale must not be mixed in, so a table made
 * with other settings is refused on load instead of silently combined.
 */
export const RATING_SYSTEM = 'openskill-bradley-terry-full-v1';

/**
 * Weng-Lin (openskill) with full Bradley-Terry pairing: every two seats of a
 * match are one comparison, a tie counting half. For two seats it gives exactly
 * what openskill's default Plackett-Luce gives; with more, Plackett-Luce's tie
 * rule rates two players tied for 2nd of 8 below the one who came 4th, and our
 * games tie often (equal gold, eliminated players on equal sats). Matches have at
 * most a dozen seats, so the pairwise cost is nothing.
 *
 * The other parameters are openskill 5's defaults, written out so a later
 * openskill with other defaults cannot change what `RATING_SYSTEM` means. `tau`
 * adds a little uncertainty before every match: a model behind a fixed name can be
 * updated by its provider, so a rating should keep listening to new results.
 */
export const RATING_OPTIONS: Readonly<Options> = Object.freeze({ model: bradleyTerryFull, mu: 25, sigma: 25 / 3, beta: 25 / 6, tau: 25 / 300, z: 3 });

export function emptyRatings(game: string): Ratings {
  return { system: RATING_SYSTEM, game, participants: {} };
}

/** Code-unit order of ids: the same on every machine, unlike `localeCompare`. */
export function compareIds(a: ParticipantId, b: ParticipantId): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The participant's rating, or the prior for one never rated. */
export function participantRating(ratings: Ratings, participant: ParticipantId): ParticipantRating {
  if (Object.hasOwn(ratings.participants, participant)) return ratings.participants[participant]!;
  return { mu: RATING_OPTIONS.mu!, sigma: RATING_OPTIONS.sigma!, matches: 0, wins: 0 };
}
