import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { MatchDetail, RoundHistoryEntry } from '../../types.ts';
import { chartBox, type ChartSpec, type Rendered } from '../../dashboard/chartSpec.ts';
import { domId } from '../../dashboard/domId.ts';
import { tokensText } from '../../dashboard/formatScore.ts';
import { seriesOverRounds } from '../../dashboard/historySeries.ts';
import { loanWeb, type LoanEdge } from './loanWeb.ts';

function reported(history: readonly RoundHistoryEntry[], field: string): boolean {
  return history.some((h) => Object.values(h.players).some((p) => typeof p[field] === 'number'));
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Loans as the state keeps them (an array or a map by id), read field by field so other spellings degrade to nothing. */
export function readLoans(state: unknown): LoanEdge[] {
  const raw = (state as { loans?: unknown } | null)?.loans;
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  const edges: LoanEdge[] = [];
  for (const item of list) {
    const l = (item ?? {}) as Record<string, unknown>;
    const lender = text(l.lender) ?? text(l.lenderName) ?? text(l.from);
    const borrower = text(l.borrower) ?? text(l.borrowerName) ?? text(l.to);
    const cents = num(l.dueCents) ?? num(l.principalCents) ?? num(l.amountCents);
    const amount = cents !== null ? cents / 100 : (num(l.due) ?? num(l.principal) ?? num(l.amount));
    if (!lender || !borrower || amount === null) continue;
    edges.push({ lender, borrower, amount, status: text(l.status) ?? 'active' });
  }
  return edges;
}

interface CafeLike {
  table?: Array<{ id?: unknown; level?: unknown; cents?: unknown; alive?: unknown }>;
  round?: unknown;
  challenge?: { prompt?: unknown } | null;
  last?: { round?: unknown; challenge?: { prompt?: unknown }; responses?: Record<string, unknown>; verdict?: { best?: unknown; worst?: unknown; reason?: unknown; by?: unknown } } | null;
}

/** The standings as a table, in seat order: tokens, level, and who is out. */
function standings(s: CafeLike): string {
  const rows = (s.table ?? [])
    .filter((p) => typeof p.id === 'string')
    .map((p) => {
      const tokens = num(p.cents) === null ? '' : tokensText(num(p.cents)! / 100);
      return `<tr data-player="${escapeHtml(String(p.id))}"><td>${escapeHtml(String(p.id))}</td><td class="num">${tokens}</td><td class="num">${num(p.level) ?? ''}</td><td class="muted">${p.alive === false ? 'out' : 'in'}</td></tr>`;
    })
    .join('');
  return rows ? `<div><h3>Standings</h3><table class="standings"><thead><tr><th>player</th><th class="num">tokens</th><th class="num">level</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>` : '';
}

/**
 * The last judged round: its challenge, every player's answer in full (the
 * timeline quotes them cut), best and worst marked, and the judge's reason.
 * The challenge of the round being played shows above it while it runs.
 */
function answers(s: CafeLike, over: boolean): string {
  const now = !over && typeof s.challenge?.prompt === 'string' ? `<p class="challenge">Round ${escapeHtml(String(s.round ?? ''))} challenge: ${escapeHtml(s.challenge.prompt)}</p>` : '';
  const last = s.last;
  if (!last || typeof last.challenge?.prompt !== 'string') return now ? `<div class="answers">${now}</div>` : '';
  const responses = last.responses ?? {};
  const verdict = last.verdict ?? {};
  const rows = Object.keys(responses)
    .map((id) => {
      const answer = text(Object.hasOwn(responses, id) ? responses[id] : null)?.trim() ?? '';
      const mark = verdict.best === id ? '<span class="badge">best</span>' : verdict.worst === id ? '<span class="badge worst">worst</span>' : '';
      return `<tr data-player="${escapeHtml(id)}"><td>${escapeHtml(id)} ${mark}</td><td style="white-space:pre-wrap">${answer ? escapeHtml(answer) : '<span class="muted">no answer</span>'}</td></tr>`;
    })
    .join('');
  const judge = verdict.by === 'stand-in' ? 'Stand-in judge' : 'House judge';
  const reason = text(verdict.reason)?.replace(/^stand-in judge: /, '');
  return `<div class="answers">${now}<h3>Round ${escapeHtml(String(last.round ?? ''))}: the challenge and the answers</h3><p class="challenge">${escapeHtml(last.challenge.prompt)}</p>
<table class="answers"><thead><tr><th>player</th><th>answer</th></tr></thead><tbody>${rows}</tbody></table>${reason ? `<p class="muted">${judge}: ${escapeHtml(reason)}</p>` : ''}</div>`;
}

/**
 * Café: the standings as a table, levels over rounds, the web of outstanding
 * loans (banks are the match's score chart), and the last round's challenge
 * with every answer and the verdict.
 */
export function cafePanel(detail: MatchDetail): Rendered | null {
  const s = (detail.state ?? {}) as CafeLike;
  const seats = detail.summary.players.map((p) => p.name);
  const charts: ChartSpec[] = [];
  const blocks: string[] = [];
  if (reported(detail.history, 'level')) {
    const id = domId('levels', detail.summary.id);
    charts.push({ id, title: 'levels', kind: 'line', ...seriesOverRounds(detail.history, { field: 'level' }, seats) });
    blocks.push(`<div><h3>Levels</h3>${chartBox(id)}</div>`);
  }
  const loans = readLoans(detail.state);
  blocks.push(`<div><h3>Loans</h3>${loans.length ? loanWeb(seats, loans) : '<p class="muted">No loans.</p>'}</div>`);
  return { html: `<div class="grid">${standings(s)}${blocks.join('')}</div>\n${answers(s, detail.outcome.over)}`, charts };
}
