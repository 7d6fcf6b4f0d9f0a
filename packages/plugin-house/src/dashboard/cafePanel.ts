import type { MatchDetail, RoundHistoryEntry } from '../types.ts';
import { chartBox, type ChartSpec, type Rendered } from './chartSpec.ts';
import { domId } from './domId.ts';
import { seriesOverRounds } from './historySeries.ts';
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

/** Café: levels over rounds and the web of outstanding loans (banks are the match's score chart). */
export function cafePanel(detail: MatchDetail): Rendered | null {
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
  return { html: `<div class="grid">${blocks.join('')}</div>`, charts };
}
