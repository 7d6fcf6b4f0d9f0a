import { emptyRatings, leaderboard, matchResult, rateMatch, type Ratings } from '../ratings/index.ts';
import type { RunResult } from './runSpec.ts';

/**
 * The policies rated over an experiment's runs, in the order given (plan
 * order, so the same sweep gives the same ratings however its runs finished):
 * each run places its seats as the game ranked them (its winners first, then
 * by score), each seat as its policy.
 */
export function runRatings(game: string, results: readonly RunResult[], prior: Ratings = emptyRatings(game)): { ratings: Ratings; rated: number } {
  let ratings = prior;
  let rated = 0;
  for (const r of results) {
    const seats = r.lineup.map((policy, i) => ({ player: `s${i}`, participant: policy, score: r.scores[i] ?? 0 }));
    const outcome = { over: true, winners: r.winners.map((i) => `s${i}`), kind: r.kind };
    const next = rateMatch(ratings, matchResult(outcome, seats));
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
  return [`## ${what[0]!.toUpperCase()}${what.slice(1)} ratings (openskill; rating = mu - 3 sigma)`, '', `| # | ${what} | rating | mu | mu ± 2σ | runs | wins |`, '|---|---|---|---|---|---|---|', ...lines, ''].join('\n');
}
