import type { CafeAnalysis } from '@the-house/games/cafe/analysis/analyzeCafe.ts';

const fmt = (x: number): string => x.toLocaleString('en-US', { maximumFractionDigits: 2 });
const pct = (x: number): string => `${Math.round(x * 1000) / 10}%`;

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}

/** The research questions of specs/cafe-v3.md answered as Markdown, from `analyzeCafe`. */
export function cafeReportMarkdown(a: CafeAnalysis): string {
  const out: string[] = ['# Café match analysis', ''];
  out.push(a.outcome ? `Ending: **${a.outcome.kind}**; winners: ${a.outcome.winners.join(', ') || 'none'}; ${a.rounds} rounds.` : `Unfinished after ${a.rounds} rounds.`, '');

  out.push('## Who helped whom', '', 'Tokens given (donated + lent), row gives to column.', '');
  out.push(...table(['from \\ to', ...a.players], a.players.map((from) => [from, ...a.players.map((to) => {
    const c = a.help[from]?.[to];
    if (!c || from === to) return '';
    return [c.donated ? `${fmt(c.donated)} donated` : '', c.lent ? `${fmt(c.lent)} lent` : ''].filter(Boolean).join(', ');
  })])), '');

  const c = a.cooperation;
  out.push(
    `Cooperation: ${fmt(c.donated)} tokens donated and ${fmt(c.lent)} lent; the group bonus was paid in ${c.groupBonusRounds} of ${a.rounds} rounds; ` +
      `helped each other both ways: ${c.reciprocal.map(([x, y]) => `${x} ↔ ${y}`).join(', ') || 'nobody'}.`,
    '',
  );

  out.push('## Interest rates offered', '');
  if (a.rates) out.push(`${a.rates.count} offers; mean ${pct(a.rates.mean)}, median ${pct(a.rates.median)}, range ${pct(a.rates.min)}..${pct(a.rates.max)}.`, '');
  else out.push('No loan offers.', '');
  out.push(`Loans accepted ${a.loans.accepted}, repaid ${a.loans.repaid}, defaulted ${a.loans.defaulted}.`, '');
  if (a.defaults.length) out.push(...table(['round', 'borrower', 'lender', 'owed', 'why'], a.defaults.map((d) => [String(d.round), d.borrower, d.lender, fmt(d.owed), d.why])), '');

  out.push('## Rescues, resurrections, eliminations', '');
  out.push(`Rescues: ${a.rescues.map((r) => `${r.player} (r${r.round})`).join(', ') || 'none'}.`);
  out.push(`Resurrections: ${a.resurrections.map((r) => `${r.by} → ${r.target} (r${r.round})`).join(', ') || 'none'}.`);
  out.push(`Eliminations: ${a.eliminations.map((r) => `${r.player} (r${r.round})`).join(', ') || 'none'}.`, '');

  out.push('## Wealth inequality over rounds', '', 'Gini of the living players’ banks at each round’s end.', '');
  out.push(...table(['round', 'gini', ...a.players], a.wealth.map((w) => [String(w.round), w.gini.toFixed(3), ...a.players.map((p) => `${fmt(w.tokens[p] ?? 0)}${w.alive.includes(p) ? '' : ' †'}`)])), '');

  out.push('## Judge tally', '');
  out.push(...table(['player', 'best', 'worst'], a.players.map((p) => [p, String(a.verdicts[p]?.best ?? 0), String(a.verdicts[p]?.worst ?? 0)])), '');
  return out.join('\n');
}
