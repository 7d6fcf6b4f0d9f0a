import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchBundle } from '../models/matchBundle.ts';
import { ratedSeats } from '../results/ratedSeats.ts';
import { seatResults } from '../results/seatResults.ts';
import { seatOwner } from '../seats/seatOwner.ts';
import { participantOf } from './participantOf.ts';
import { rateMatch } from './rateMatch.ts';
import type { ParticipantCost } from './ratingBoard.ts';
import { emptyRatings, type ParticipantId, type Ratings } from './ratingTable.ts';

/** A match file and the state it ended in (a House file keeps it; `play --out` writes it to `state.json` beside). */
export interface EndedMatch {
  bundle: MatchBundle;
  state: unknown;
}

/** One game's ratings from match files, and what each participant's seats cost over the games that rated it. */
export interface FileRatings {
  ratings: Ratings;
  costs: Map<ParticipantId, ParticipantCost>;
  rated: number;
  unrated: number;
}

/**
 * Rates matches in the order given, as the House rates a finished table: each
 * seat's result class from its record (`seatResults`), decided seats by place,
 * a forfeit below every decided seat, a void seat left out, a match the House
 * broke or that did not finish not rated (`ratedSeats`). A participant's cost
 * is its seats' recorded model cost in the matches that rated it.
 */
export function rateMatchFiles(game: AnyGame, matches: readonly EndedMatch[]): FileRatings {
  let ratings = emptyRatings(game.id);
  const costs = new Map<ParticipantId, ParticipantCost>();
  let rated = 0;
  for (const { bundle, state } of matches) {
    const players: PlayerId[] = bundle.players;
    const scores = Object.fromEntries(players.map((p) => [p, game.score(state, p)]));
    const results = seatResults(bundle.outcome, bundle.record, { players, scores, ownerOf: (id) => seatOwner(state, id) });
    const next = rateMatch(ratings, ratedSeats(results, (p) => participantOf(bundle.record, p)));
    if (next === ratings) continue;
    ratings = next;
    rated += 1;
    const seen = new Map<ParticipantId, { cost: number; won: boolean }>();
    for (const s of results.seats) {
      if (s.place === null) continue;
      const id = participantOf(bundle.record, s.player);
      const entry = seen.get(id) ?? { cost: 0, won: false };
      seen.set(id, { cost: entry.cost + s.cost, won: entry.won || s.won });
    }
    for (const [id, { cost, won }] of seen) {
      const c = costs.get(id) ?? { cost: 0, games: 0, wins: 0 };
      costs.set(id, { cost: c.cost + cost, games: c.games + 1, wins: c.wins + (won ? 1 : 0) });
    }
  }
  return { ratings, costs, rated, unrated: matches.length - rated };
}
