import { INTERVAL_SIGMAS, leaderboard, type LeaderboardRow } from './leaderboard.ts';
import type { ParticipantId, Ratings } from './ratingTable.ts';

/** Half-width of the 95% interval in sigmas: the leaderboard's own (mu ± 1.96 sigma). */
export const Z95 = INTERVAL_SIGMAS;

/** Rated games under which a rating is marked provisional: its sigma is still mostly the prior's, so its place can move a lot. */
export const PROVISIONAL_GAMES = 10;

/** What a participant's seats cost over the rated games the cost was counted for (model usage from the records). */
export interface ParticipantCost {
  cost: number;
  games: number;
  wins: number;
}

export interface RatingBoardRow extends LeaderboardRow {
  /** The rank its group shows: the place of the group's first row (competition style, 1, 2, 2, 4). */
  shownRank: number;
  /** True when the row shares its rank group with a neighbour. */
  tied: boolean;
  /** mu - 1.96 sigma */
  low95: number;
  /** mu + 1.96 sigma */
  high95: number;
  /** Fewer than `PROVISIONAL_GAMES` rated games. */
  provisional: boolean;
  /** Cost per rated game (USD), null when unknown (a model's cost not recorded for these games). */
  costPerGame: number | null;
  /** Cost per won game (USD), null when unknown or when it never won. */
  costPerWin: number | null;
}

/** A participant that is a strategy: no model behind it, so its seats cost nothing. */
export function isStrategy(participant: ParticipantId): boolean {
  return !/^(model|entrant|person):/.test(participant);
}

const overlaps = (a: { low95: number; high95: number }, b: { low95: number; high95: number }) => a.low95 <= b.high95 && b.low95 <= a.high95;

/**
 * The leaderboard as people read it (issue 37): each rating with its 95%
 * interval, a provisional mark, cost per game and per win, and rank groups.
 * Rows keep `leaderboard`'s order (mu - 3 sigma). Two adjacent rows whose 95%
 * intervals overlap share a rank group, and groups chain (A overlaps B, B
 * overlaps C: one group), so a difference the data cannot tell apart is never
 * shown as an order. A strategy costs 0; a participant with no cost counted is
 * null.
 */
export function ratingBoard(ratings: Ratings, costs: ReadonlyMap<ParticipantId, ParticipantCost> = new Map()): RatingBoardRow[] {
  const rows = leaderboard(ratings).map((row) => {
    const counted = costs.get(row.participant) ?? (isStrategy(row.participant) ? { cost: 0, games: row.matches, wins: row.wins } : null);
    return {
      ...row,
      shownRank: row.rank,
      tied: false,
      low95: row.low,
      high95: row.high,
      provisional: row.matches < PROVISIONAL_GAMES,
      costPerGame: counted && counted.games > 0 ? counted.cost / counted.games : null,
      costPerWin: counted && counted.wins > 0 ? counted.cost / counted.wins : null,
    };
  });
  for (let i = 1; i < rows.length; i += 1) {
    if (!overlaps(rows[i - 1]!, rows[i]!)) continue;
    rows[i]!.shownRank = rows[i - 1]!.shownRank;
    rows[i]!.tied = true;
    rows[i - 1]!.tied = true;
  }
  return rows;
}

/** The rank as shown: `=2` for a row in a tied group, `2` otherwise. */
export function shownRank(row: Pick<RatingBoardRow, 'shownRank' | 'tied'>): string {
  return `${row.tied ? '=' : ''}${row.shownRank}`;
}

const usd = (x: number | null) => (x === null ? '-' : `$${x < 0.01 && x > 0 ? x.toPrecision(2) : x.toFixed(2)}`);

/** The board as a plain-text table (the CLI's `ratings`). */
export function ratingBoardText(rows: readonly RatingBoardRow[]): string {
  const head = ['rank', 'participant', 'mu', '95% interval', 'games', 'wins', 'cost/game', 'cost/win'];
  const body = rows.map((r) => [shownRank(r), `${r.participant}${r.provisional ? ' (provisional)' : ''}`, r.mu.toFixed(2), `${r.low95.toFixed(1)} .. ${r.high95.toFixed(1)}`, String(r.matches), String(r.wins), usd(r.costPerGame), usd(r.costPerWin)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(head), ...body.map(line)].join('\n') + '\n';
}
