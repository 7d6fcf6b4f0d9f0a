import { emptyRatings, leaderboard, matchResult, rateMatch, type Ratings, type SeatResult } from '../ratings/index.ts';
import { ratedSeats } from '../results/ratedSeats.ts';
import type { RunResult } from './runSpec.ts';

/** What a run rates: its seats' classes when it has them (`ratedSeats`), else each seat at its place as the game ranked it. */
function runSeats(r: RunResult): SeatResult[] {
  if (r.seatResults) {
    const policyOf = new Map(r.seatResults.seats.map((s, i) => [s.player, r.lineup[i]!]));
    return ratedSeats(r.seatResults, (player) => policyOf.get(player) ?? player);
  }
  const seats = r.lineup.map((policy, i) => ({ player: `s${i}`, participant: policy, score: r.scores[i] ?? 0 }));
  return matchResult({ over: true, winners: r.winners.map((i) => `s${i}`), kind: r.kind }, seats);
}

/**
 * The policies rated over an experiment's runs, in the order given (plan
 * order, so the same sweep gives the same ratings however its runs finished),
 * each seat as its policy. A run of strategies alone places its seats as the
 * game ranked them (its winners first, then by score); a run with model or
 * remote seats follows their result classes as a House table does: decided
 * seats by place, a forfeit below every decided seat, a void seat left out
 * (its rating unchanged by the run), and no one rated when the House broke
 * the run or it did not finish.
 */
export function runRatings(game: string, results: readonly RunResult[], prior: Ratings = emptyRatings(game)): { ratings: Ratings; rated: number } {
  let ratings = prior;
  let rated = 0;
  for (const r of results) {
    const next = rateMatch(ratings, runSeats(r));
    if (next !== ratings) rated += 1;
    ratings = next;
  }
  return { ratings, rated };
}

/** The rating leaderboard as a Markdown section. */
export function ratingsMarkdown(ratings: Ratings, what = 'policy'): string {
  const rows = leaderboard(ratings);
  if (!rows.length) return '';
  const lines = rows.map((r) => `| ${r.rank} | ${r.participant} | ${r.ordinal.toFixed(2)} | ${r.mu.toFixed(2)} | ${r.low.toFixed(1)} .. ${r.high.toFixed(1)} | ${r.matches} | ${r.wins} |`);
  return [`## ${what[0]!.toUpperCase()}${what.slice(1)} ratings (openskill; rating = mu - 3 sigma)`, '', `| # | ${what} | rating | mu | 95% interval (mu ± 1.96σ) | runs | wins |`, '|---|---|---|---|---|---|---|', ...lines, ''].join('\n');
}
