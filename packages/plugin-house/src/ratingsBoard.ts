import { ratingBoard, type LeaderboardRow, type RatingBoardRow } from '@the-house/lab/ratings/index.ts';
import { emptyRatings } from '@the-house/lab/ratings/ratingTable.ts';
import type { HouseLeaderboardRow } from './ratingsStore.ts';

/** A row as the store gives it; rows from elsewhere (older callers) carry only the rating. */
export type BoardInput = LeaderboardRow & Partial<Pick<HouseLeaderboardRow, 'brain' | 'playedBy' | 'strategy'> & RatingBoardRow>;

/** Rows with their board figures: as the store gives them, or made from their ratings (no costs known then but a strategy's 0). */
export function boardRows(rows: readonly BoardInput[]): Array<BoardInput & RatingBoardRow> {
  if (rows.every((r) => r.low95 !== undefined && r.shownRank !== undefined)) return rows as Array<BoardInput & RatingBoardRow>;
  const byId = new Map(rows.map((r) => [r.participant, r]));
  const participants = Object.fromEntries(rows.map((r) => [r.participant, { mu: r.mu, sigma: r.sigma, matches: r.matches, wins: r.wins }]));
  return ratingBoard({ ...emptyRatings(''), participants }).map((b) => ({ ...b, ...byId.get(b.participant)! }));
}

/**
 * The leaderboards as `/house/ratings` gives them to anyone: each field named
 * here and nothing else, so a figure the store keeps later is not published by
 * accident. Who played (characters' names), the brain in words and every
 * number are what the public House tab shows.
 */
export function publicRatings(boards: Readonly<Record<string, readonly BoardInput[]>>) {
  return Object.fromEntries(
    Object.entries(boards).map(([game, rows]) => [
      game,
      boardRows(rows).map((r) => ({
        rank: r.rank,
        shownRank: r.shownRank,
        tied: r.tied,
        participant: r.participant,
        brain: r.brain ?? null,
        playedBy: (r.playedBy ?? []).map((p) => ({ name: p.name, matches: p.matches })),
        strategy: r.strategy ?? null,
        ordinal: r.ordinal,
        mu: r.mu,
        sigma: r.sigma,
        low: r.low,
        high: r.high,
        low95: r.low95,
        high95: r.high95,
        provisional: r.provisional,
        matches: r.matches,
        wins: r.wins,
        costPerGame: r.costPerGame,
        costPerWin: r.costPerWin,
      })),
    ]),
  );
}
