import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import { PROVISIONAL_GAMES, shownRank } from '@the-house/lab/ratings/index.ts';
import { boardRows, type BoardInput } from '../ratingsBoard.ts';
import { brainOf } from '../ratingsStore.ts';

const usd = (x: number | null) => (x === null ? '–' : `$${x > 0 && x < 0.01 ? x.toPrecision(2) : x.toFixed(2)}`);

/** Who played a rated brain: its characters and the brain in words ("Ada (offline, copycat)", "Dev (model gpt-4o-mini)", "Pat (person)"). */
export function playerLabel(row: BoardInput): string {
  const { brain, name } = brainOf(row.participant);
  const names = (row.playedBy ?? []).map((p) => p.name);
  if (!names.length && name) names.push(name);
  return names.length ? `${names.join(', ')} (${row.brain ?? brain})` : (row.brain ?? brain);
}

/**
 * Each game's rating leaderboard across the matches in the database: who
 * played (character and brain), rating (mu - 3 sigma), mu with its 95%
 * interval, matches (provisional under PROVISIONAL_GAMES), wins, cost per
 * game and per win, and the strategy as a detail. A rank shown `=N` is shared
 * with a neighbour whose interval overlaps (`ratingBoard`). Ratings are kept
 * per brain (`ratingsStore.ts` says why), so a row names every character that
 * played it.
 */
export function renderLeaderboards(boards: Record<string, BoardInput[]>, titles: Record<string, string> = {}): string {
  const games = Object.keys(boards).filter((g) => boards[g]!.length);
  if (!games.length) return '';
  const table = (rows: BoardInput[]) =>
    `<table class="leaderboard"><thead><tr><th class="num">#</th><th>player</th><th class="num">rating</th><th class="num">mu</th><th>95% interval</th><th class="num">matches</th><th class="num">wins</th><th class="num">cost/game</th><th class="num">cost/win</th><th>strategy</th></tr></thead><tbody>${boardRows(rows)
      .map((r) => {
        const counts = (r.playedBy ?? []).map((p) => `${p.name}: ${p.matches} rated match${p.matches === 1 ? '' : 'es'}`).join('; ');
        const rank = r.tied ? `<td class="num" title="its 95% interval overlaps a neighbour's: a tie">${shownRank(r)}</td>` : `<td class="num">${shownRank(r)}</td>`;
        const provisional = r.provisional ? ` <span class="muted" title="fewer than ${PROVISIONAL_GAMES} rated matches">provisional</span>` : '';
        return `<tr data-participant="${escapeHtml(r.participant)}">${rank}<td${counts ? ` title="${escapeHtml(counts)}"` : ''}>${escapeHtml(playerLabel(r))}${provisional}</td><td class="num">${r.ordinal.toFixed(2)}</td><td class="num">${r.mu.toFixed(2)}</td><td>${r.low95.toFixed(1)} .. ${r.high95.toFixed(1)}</td><td class="num">${r.matches}</td><td class="num">${r.wins}</td><td class="num">${usd(r.costPerGame)}</td><td class="num">${usd(r.costPerWin)}</td><td class="muted">${escapeHtml(r.strategy ?? '')}</td></tr>`;
      })
      .join('')}</tbody></table>`;
  return `<section class="card ratings"><h2>Ratings <span class="muted">openskill, from every finished match; one row per brain, with the characters who played it; =N: a rank shared with a neighbour whose 95% interval overlaps; provisional: under ${PROVISIONAL_GAMES} rated matches; cost from the models' recorded use (a strategy costs nothing)</span></h2><div class="grid">${games.map((g) => `<div><h3>${escapeHtml(titles[g] ?? g)}</h3>${table(boards[g]!)}</div>`).join('')}</div></section>`;
}
