import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { MatchDetail, MatchPage, MatchSummary } from '../types.ts';
import type { ChartSpec, Rendered } from './chartSpec.ts';
import type { LeaderboardRow } from '@the-house/lab/ratings/index.ts';
import { renderLeaderboards } from './renderLeaderboards.ts';
import { matchHref } from './matchHref.ts';
import { renderMatch } from './renderMatch.ts';

/** At most this many live matches get a card (each polls in the page); the list above names every match. */
export const LIVE_CARDS = 12;

const LIVE: ReadonlySet<MatchSummary['status']> = new Set(['running', 'lobby', 'paused']);

/**
 * The matches that get a card: every live one (up to LIVE_CARDS), in the
 * service's order (newest first), then the latest closed match of each game,
 * so that a match just over still shows how it ended.
 */
export function pickDetailed(summaries: readonly MatchSummary[]): MatchSummary[] {
  const live = summaries.filter((s) => LIVE.has(s.status)).slice(0, LIVE_CARDS);
  const latest = new Map<string, MatchSummary>();
  for (const s of summaries) if (!LIVE.has(s.status) && !latest.has(s.game)) latest.set(s.game, s);
  return [...live, ...latest.values()];
}

/** What the list says of a match's result: its winners, else `draw` once it ended without one, else who leads while it runs. */
function resultOf(s: MatchSummary): string {
  if (s.damage) return `<span class="muted">${escapeHtml(s.damage)}</span>`;
  if (s.winners.length) return escapeHtml(s.winners.join(', '));
  if (s.status === 'finished') return 'draw';
  if (s.status !== 'running' && s.status !== 'paused') return '';
  // A score kept private while the match runs leads nobody; nor does a tie.
  if (s.players.some((p) => p.score === null)) return '';
  const [first, second] = [...s.players].sort((a, b) => b.score! - a.score!);
  return first && (!second || first.score! > second.score!) ? `<span class="muted">leading: ${escapeHtml(first.name)}</span>` : '';
}

function listRow(s: MatchSummary, title: string): string {
  const href = matchHref(s.id);
  return `<tr data-match="${escapeHtml(s.id)}" data-href="${href}"><td>${escapeHtml(title)}</td><td><code><a href="${href}">${escapeHtml(s.id)}</a></code></td><td><span class="pill ${s.status}">${s.status}</span></td><td class="num">${s.round}</td><td>${s.players.length}</td><td>${escapeHtml(s.owner ?? '')}</td><td>${resultOf(s)}</td></tr>`;
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
