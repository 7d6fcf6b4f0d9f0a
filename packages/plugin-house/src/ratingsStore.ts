import type { IAgentRuntime } from '@elizaos/core';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchRecord } from '@the-house/lab/models/matchRecorder.ts';
import { emptyRatings, leaderboard, matchResult, parseRatings, rateMatch, ratingsJson, type LeaderboardRow, type Ratings } from '@the-house/lab/ratings/index.ts';

const key = (game: string) => `house:ratings:${game}`;

/**
 * Who a seat was for the ratings: the brain, not the character, so a
 * leaderboard compares models and baselines alike (`model:gpt-4o`, `copycat`,
 * `person:Pat`). A model seat that never reached its model is its baseline.
 */
export function participantOf(record: MatchRecord, seat: PlayerId): string {
  const info = record.seats[seat];
  if (!info) return seat;
  if (info.brain === 'human') return `person:${seat}`;
  if (info.brain === 'model') {
    const call = record.calls.find((c) => c.caller === seat);
    if (call) return `model:${call.model}`;
  }
  return info.strategy ?? seat;
}

/** The House's ratings per game, in its database (as JSON text, like matches), updated once per finished match. */
export class RatingsStore {
  constructor(private readonly runtime: IAgentRuntime) {}

  async load(game: string): Promise<Ratings> {
    const row = await this.runtime.getCache<{ json?: unknown }>(key(game));
    const parsed = row && typeof row.json === 'string' ? parseRatings(JSON.parse(row.json)) : null;
    return parsed?.ok ? parsed.value : emptyRatings(game);
  }

  /** Rates one finished match: winners first, then by score, each seat as its participant. */
  async rate(game: AnyGame, state: unknown, players: PlayerId[], record: MatchRecord): Promise<void> {
    const ratings = await this.load(game.id);
    const result = matchResult(game.outcome(state), players.map((p) => ({ player: p, participant: participantOf(record, p), score: game.score(state, p) })));
    await this.runtime.setCache(key(game.id), { json: ratingsJson(rateMatch(ratings, result)) });
  }

  async leaderboards(games: readonly string[]): Promise<Record<string, LeaderboardRow[]>> {
    const out: Record<string, LeaderboardRow[]> = {};
    for (const game of games) {
      const rows = leaderboard(await this.load(game));
      if (rows.length) out[game] = rows;
    }
    return out;
  }
}
