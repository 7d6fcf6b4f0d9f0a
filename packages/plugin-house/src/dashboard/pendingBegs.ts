import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { MatchDetail } from '../types.ts';

/** Begs waiting for the observer, with the answers to type: the observer's alone (a public detail holds none). */
export function pendingBegs(detail: MatchDetail): string {
  if (!detail.pendingBegs.length) return '';
  const items = detail.pendingBegs
    .map((b) => `<li><b>${escapeHtml(b.player)}</b> begs ${b.amount}: “${escapeHtml(b.reason)}”. Answer in the game room: <code>!grant @${escapeHtml(b.player)} N reason</code> or <code>!decline @${escapeHtml(b.player)} reason</code></li>`)
    .join('');
  return `<div class="begs"><h3>Waiting for the observer</h3><ul>${items}</ul></div>`;
}
