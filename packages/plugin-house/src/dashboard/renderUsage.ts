import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { MatchDetail } from '../types.ts';

const money = (x: number) => (x > 0 ? x.toFixed(4) : '0');

/**
 * What a match's model seats cost and how their answers fared: calls, tokens,
 * cost (by the price table), retries, refused answers, repair rounds, game
 * fallbacks, baseline moves after a spent budget. Empty for a match of
 * offline brains only.
 */
export function renderUsage(detail: MatchDetail): string {
  const rows = Object.entries(detail.usage ?? {}).filter(([, u]) => u.tokensIn > 0 || u.errors > 0 || u.baseline > 0);
  const budget = Object.entries(detail.budget ?? {})
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const paused = detail.paused ? `<p class="begs">Paused: ${escapeHtml(detail.paused)}. Resume with <code>!resume ${escapeHtml(detail.summary.id)} --budget-tokens N</code>.</p>` : '';
  if (!rows.length && !paused) return '';
  const body = rows
    .map(
      ([id, u]) =>
        `<tr><td>${escapeHtml(id)}</td><td class="num">${u.calls}</td><td class="num">${u.tokensIn}</td><td class="num">${u.tokensOut}</td><td class="num">${money(u.cost)}</td><td class="num">${u.retries}</td><td class="num">${u.invalid}</td><td class="num">${u.repairs}</td><td class="num">${u.fallbacks}</td><td class="num">${u.baseline}</td></tr>`,
    )
    .join('');
  const spend = detail.summary.spend;
  return `<div class="usage"><h3>Model use <span class="muted">${spend.tokens} tokens, cost ${money(spend.cost)}${budget ? `; budget: ${escapeHtml(budget)}` : ''}</span></h3>${paused}
${rows.length ? `<table class="usage"><thead><tr><th>seat</th><th class="num">calls</th><th class="num">tokens in</th><th class="num">tokens out</th><th class="num">cost</th><th class="num">retries</th><th class="num">refused</th><th class="num">repairs</th><th class="num">fallbacks</th><th class="num">baseline</th></tr></thead><tbody>${body}</tbody></table>` : ''}</div>`;
}
