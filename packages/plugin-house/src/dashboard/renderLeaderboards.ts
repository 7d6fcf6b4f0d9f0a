import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { LeaderboardRow } from '@the-house/lab/ratings/index.ts';
import { brainOf, type HouseLeaderboardRow } from '../ratingsStore.ts';

/** A row as the store gives it; rows from elsewhere (older callers) carry only the rating, and are named from their key. */
type Row = LeaderboardRow & Partial<Pick<HouseLeaderboardRow, 'brain' | 'playedBy' | 'strategy'>>;

/** Who played a rated brain: its characters and the brain in words ("Ada (offline, copycat)", "Dev (model gpt-4o-mini)", "Pat (person)"). */
export function playerLabel(row: Row): string {
  const { brain, name } = brainOf(row.participant);
  const names = (row.playedBy ?? []).map((p) => p.name);
  if (!names.length && name) names.push(name);
  return names.length ? `${names.join(', ')} (${row.brain ?? brain})` : (row.brain ?? brain);
}

/**
 * Each game's rating leaderboard across the matches in the database: who
 * played (character and brain), rating (mu - 3 sigma), mu with its interval,
 * matches, wins, and the strategy as a detail. Ratings are kept per brain
 * (`ratingsStore.ts` says why), so a row names every character that played it.
 */
export function renderLeaderboards(boards: Record<string, Row[]>, titles: Record<string, string> = {}): string {
  const games = Object.keys(boards).filter((g) => boards[g]!.length);
  if (!games.length) return '';
  const table = (rows: Row[]) =>
    `<table class="leaderboard"><thead><tr><th class="num">#</th><th>player</th><th class="num">rating</th><th class="num">mu</th><th>mu ± 2σ</th><th class="num">matches</th><th class="num">wins</th><th>strategy</th></tr></thead><tbody>${rows
      .map((r) => {
        const counts = (r.playedBy ?? []).map((p) => `${p.name}: ${p.matches} rated match${p.matches === 1 ? '' : 'es'}`).join('; ');
        return `<tr data-participant="${escapeHtml(r.participant)}"><td class="num">${r.rank}</td><td${counts ? ` title="${escapeHtml(counts)}"` : ''}>${escapeHtml(playerLabel(r))}</td><td class="num">${r.ordinal.toFixed(2)}</td><td class="num">${r.mu.toFixed(2)}</td><td>${r.low.toFixed(1)} .. ${r.high.toFixed(1)}</td><td class="num">${r.matches}</td><td class="num">${r.wins}</td><td class="muted">${escapeHtml(r.strategy ?? '')}</td></tr>`;
      })
      .join('')}</tbody></table>`;
  return `<section class="card ratings"><h2>Ratings <span class="muted">openskill, from every finished match; one row per brain, with the characters who played it</span></h2><div class="grid">${games.map((g) => `<div><h3>${escapeHtml(titles[g] ?? g)}</h3>${table(boards[g]!)}</div>`).join('')}</div></section>`;
}
