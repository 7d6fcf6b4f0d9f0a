import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { MatchDetail, MatchPage, MatchSummary } from '../types.ts';
import type { ChartSpec, Rendered } from './chartSpec.ts';
import type { LeaderboardRow } from '@the-house/lab/ratings/index.ts';
import { renderLeaderboards } from './renderLeaderboards.ts';
import { renderMatch } from './renderMatch.ts';

/** How many matches get a full card; the list above them names every match. */
export const DETAILED = 4;

const ORDER: Record<MatchSummary['status'], number> = { running: 0, lobby: 1, paused: 2, finished: 3, stopped: 4, damaged: 5 };

/** Live matches first, then the others, each group in the service's order (newest first). */
export function pickDetailed(summaries: readonly MatchSummary[]): MatchSummary[] {
  return summaries
    .map((s, i) => ({ s, i }))
    .sort((a, b) => ORDER[a.s.status] - ORDER[b.s.status] || a.i - b.i)
    .slice(0, DETAILED)
    .map(({ s }) => s);
}

function listRow(s: MatchSummary, title: string): string {
  // A score kept private while the match runs leads nobody.
  const leader = s.players.some((p) => p.score === null) ? undefined : [...s.players].sort((a, b) => b.score! - a.score!)[0];
  const result = s.damage ? `<span class="muted">${escapeHtml(s.damage)}</span>` : s.winners.length ? escapeHtml(s.winners.join(', ')) : leader ? `<span class="muted">leading: ${escapeHtml(leader.name)}</span>` : '';
  return `<tr data-match="${escapeHtml(s.id)}"><td>${escapeHtml(title)}</td><td><code>${escapeHtml(s.id)}</code></td><td><span class="pill ${s.status}">${s.status}</span></td><td class="num">${s.round}</td><td>${s.players.length}</td><td>${escapeHtml(s.owner ?? '')}</td><td>${result}</td></tr>`;
}

/** Links to the other pages of the list, when there are more. */
function pager(page: MatchPage): string {
  const pages = Math.max(1, Math.ceil(page.total / page.per));
  if (pages === 1) return '';
  const link = (n: number, text: string) => `<a href="?page=${n}&amp;per=${page.per}">${text}</a>`;
  return `<p class="muted">page ${page.page} of ${pages}${page.page > 1 ? ` ${link(page.page - 1, 'newer')}` : ''}${page.page < pages ? ` ${link(page.page + 1, 'older')}` : ''}</p>`;
}

/**
 * The whole dashboard body: one page of the matches in a list, and a card for
 * the live and latest ones of it. `titles` maps game ids to their titles.
 */
export function renderDashboard(page: MatchPage, details: readonly MatchDetail[], titles: Record<string, string> = {}, boards: Record<string, LeaderboardRow[]> = {}, audience: 'public' | 'observer' = 'observer'): Rendered {
  const summaries = page.matches;
  const title = (game: string) => titles[game] ?? game;
  if (summaries.length === 0) {
    return { html: '<h1>The House</h1><p class="muted empty">No matches yet. Start one in a chat with the House: <code>!play trust</code> (<code>!games</code> lists the games).</p>', charts: [] };
  }
  const charts: ChartSpec[] = [];
  const cards = details.map((d) => {
    const over = d.summary.status === 'finished' || d.summary.status === 'stopped' || d.summary.status === 'damaged';
    const r = renderMatch(d, title(d.summary.game), audience === 'public' && !over ? 'room' : 'observer');
    charts.push(...r.charts);
    return r.html;
  });
  const live = summaries.filter((s) => s.status === 'running' || s.status === 'lobby').length;
  const html = `<h1>The House <span class="muted">${live} live here, ${page.total} in all</span></h1>
<div class="scroll"><table class="matches"><thead><tr><th>game</th><th>match</th><th>status</th><th class="num">round</th><th>players</th><th>opened by</th><th>result</th></tr></thead><tbody>${summaries.map((s) => listRow(s, title(s.game))).join('')}</tbody></table></div>
${pager(page)}
${cards.join('\n')}
${renderLeaderboards(boards, titles)}`;
  return { html, charts };
}
