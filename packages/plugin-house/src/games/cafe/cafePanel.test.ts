import { describe, expect, test } from 'bun:test';
import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import { playedMatchDetail } from '../../testing/playedMatchDetail.ts';
import { cafePanel, readLoans } from './cafePanel.ts';
import { loanWeb } from './loanWeb.ts';
import { renderMatch } from '../../dashboard/renderMatch.ts';

const players = ['grok', 'gpt', 'deep'];
const loans = [
  { id: 1, lender: 'grok', borrower: 'gpt', principalCents: 100_000, rate: 0.2, dueCents: 120_000, accepted: 1, dueRound: 6 },
  { id: 2, lender: 'deep', borrower: 'grok', principalCents: 5_000, rate: 0, dueCents: 5_000, accepted: 2, dueRound: 4, status: 'defaulted' },
];

describe('readLoans', () => {
  test("reads Café's loans as tokens due, and other spellings, skipping what it cannot read", () => {
    expect(readLoans({ loans })).toEqual([
      { lender: 'grok', borrower: 'gpt', amount: 1200, status: 'active' },
      { lender: 'deep', borrower: 'grok', amount: 50, status: 'defaulted' },
    ]);
    expect(readLoans({ loans: { a: { from: 'x', to: 'y', amount: 5 }, b: { lender: 'nobody' } } })).toEqual([{ lender: 'x', borrower: 'y', amount: 5, status: 'active' }]);
    expect(readLoans(null)).toEqual([]);
  });
});

describe('cafePanel', () => {
  test('a real Café match: levels over rounds beside the tokens chart, and the web of loans', () => {
    const detail = playedMatchDetail('cafe', players, 4);
    (detail.state as { loans: unknown[] }).loans = loans;
    const panel = cafePanel(detail)!;
    expect(panel.charts.map((c) => c.title)).toEqual(['levels']);
    expect(panel.charts[0]!.labels).toEqual([1, 2, 3, 4]);
    expect(panel.charts[0]!.datasets.map((d) => d.label)).toEqual(players);
    expect(panel.html).toContain('data-lender="grok" data-borrower="gpt"');
    expect(panel.html).toMatch(/data-lender="deep"[^>]*><line[^>]*stroke-dasharray/);
    expect(panel.html).toContain('>1,200.00</text>');
    expect(panel.html).toContain('>50.00</text>');
    expect(renderMatch(detail).charts.map((c) => c.title)).toEqual(['tokens over rounds', 'levels']);
  });

  test('the standings as a table, and the last round with its challenge, every answer in full and the verdict; no JSON', () => {
    const detail = playedMatchDetail('cafe', players, 3);
    const state = detail.state as { last: { round: number; challenge: { prompt: string }; responses: Record<string, string>; verdict: { best: string; worst: string } }; table: Array<{ id: string; cents: number; level: number }> };
    const html = renderMatch(detail).html;
    expect(html).toContain('<table class="standings">');
    const first = state.table[0]!;
    // Tokens with two decimals always (issue 25: 1,450 beside 1,234.5 misled).
    expect(html).toContain(`<tr data-player="${first.id}"><td>${first.id}</td><td class="num">${(first.cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</td><td class="num">${first.level}</td>`);
    expect(html).toMatch(/<td class="num">[\d,]+\.\d\d<\/td>/);
    expect(html).toContain(`Round 3: the challenge and the answers</h3><p class="challenge">${escapeHtml(state.last.challenge.prompt)}</p>`);
    for (const answer of Object.values(state.last.responses)) if (answer) expect(html).toContain(escapeHtml(answer));
    expect(html).toContain(`<td>${state.last.verdict.best} <span class="badge">best</span></td>`);
    expect(html).not.toMatch(/\{"|&quot;tokens&quot;/);
  });

  test('says when there are no loans; a loan to oneself is not drawn', () => {
    const detail = playedMatchDetail('cafe', players, 1);
    (detail.state as { loans: unknown[] }).loans = [];
    expect(cafePanel(detail)!.html).toContain('No loans.');
    expect(loanWeb(['a'], [{ lender: 'a', borrower: 'a', amount: 1, status: 'active' }])).not.toContain('class="loan"');
  });
});
