import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import { tokensText } from '../../dashboard/formatScore.ts';
import { seatColor } from '../../dashboard/palette.ts';

/** A loan between two players as the web draws it. */
export interface LoanEdge {
  lender: string;
  borrower: string;
  /** Tokens owed at maturity (or lent, if the game keeps only that). */
  amount: number;
  status: string;
}

const SIZE = 320;
const RADIUS = 120;

/**
 * The web of loans as an SVG: players on a circle, one arrow from lender to
 * borrower per loan, in the lender's colour; dashed once it defaulted.
 */
export function loanWeb(players: readonly string[], loans: readonly LoanEdge[]): string {
  const c = SIZE / 2;
  const at = (i: number) => {
    const a = (2 * Math.PI * i) / Math.max(players.length, 1) - Math.PI / 2;
    return { x: c + RADIUS * Math.cos(a), y: c + RADIUS * Math.sin(a) };
  };
  const edges = loans
    .map((l) => {
      const i = players.indexOf(l.lender);
      const j = players.indexOf(l.borrower);
      if (i < 0 || j < 0 || i === j) return '';
      const a = at(i);
      const b = at(j);
      const shorten = 0.14;
      const x1 = a.x + (b.x - a.x) * shorten;
      const y1 = a.y + (b.y - a.y) * shorten;
      const x2 = b.x - (b.x - a.x) * shorten;
      const y2 = b.y - (b.y - a.y) * shorten;
      const dash = l.status === 'defaulted' ? ' stroke-dasharray="5 4"' : '';
      return `<g class="loan" data-lender="${escapeHtml(l.lender)}" data-borrower="${escapeHtml(l.borrower)}"><line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${seatColor(i)}" stroke-width="2" marker-end="url(#arrow)"${dash}/><text x="${((x1 + x2) / 2).toFixed(1)}" y="${((y1 + y2) / 2 - 4).toFixed(1)}" fill="#e6e6e6" font-size="11" text-anchor="middle">${tokensText(l.amount)}</text></g>`;
    })
    .join('');
  const nodes = players
    .map((p, i) => {
      const { x, y } = at(i);
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="8" fill="${seatColor(i)}"/><text x="${x.toFixed(1)}" y="${(y + (y < c ? -12 : 22)).toFixed(1)}" fill="#e6e6e6" font-size="12" text-anchor="middle">${escapeHtml(p)}</text>`;
    })
    .join('');
  return `<svg class="loans" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="web of loans"><defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#9aa4b2"/></marker></defs>${edges}${nodes}</svg>`;
}
