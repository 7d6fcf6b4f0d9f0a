import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { LeaderboardRow } from '@the-house/lab/ratings/index.ts';

/** Each game's rating leaderboard across the matches in the database: rating (mu - 3 sigma), mu with its interval, matches, wins. */
export function renderLeaderboards(boards: Record<string, LeaderboardRow[]>, titles: Record<string, string> = {}): string {
  const games = Object.keys(boards).filter((g) => boards[g]!.length);
  if (!games.length) return '';
  const table = (rows: LeaderboardRow[]) =>
    `<table class="leaderboard"><thead><tr><th class="num">#</th><th>participant</th><th class="num">rating</th><th class="num">mu</th><th>mu ± 2σ</th><th class="num">matches</th><th class="num">wins</th></tr></thead><tbody>${rows
      .map((r) => `<tr><td class="num">${r.rank}</td><td>${escapeHtml(r.participant)}</td><td class="num">${r.ordinal.toFixed(2)}</td><td class="num">${r.mu.toFixed(2)}</td><td>${r.low.toFixed(1)} .. ${r.high.toFixed(1)}</td><td class="num">${r.matches}</td><td class="num">${r.wins}</td></tr>`)
      .join('')}</tbody></table>`;
  return `<section class="card ratings"><h2>Ratings <span class="muted">openskill, from every finished match</span></h2><div class="grid">${games.map((g) => `<div><h3>${escapeHtml(titles[g] ?? g)}</h3>${table(boards[g]!)}</div>`).join('')}</div></section>`;
}
