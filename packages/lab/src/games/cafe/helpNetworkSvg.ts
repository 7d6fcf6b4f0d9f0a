import { escapeHtml } from '../../report/htmlPage.ts';
import type { CafeAnalysis } from '@the-house/games/cafe/analysis/analyzeCafe.ts';

const NODE_RADIUS = 22;

/**
 * Who helped whom as an SVG network: players on a circle, one arrow per
 * giver→receiver pair, green for donations and amber for loans, stroke width
 * growing with the square root of the tokens so small gifts stay visible.
 */
export function helpNetworkSvg(a: CafeAnalysis, size = 420): string {
  const n = a.players.length;
  const c = size / 2;
  const radius = size / 2 - 60;
  const at = (i: number) => ({ x: c + radius * Math.cos((2 * Math.PI * i) / n - Math.PI / 2), y: c + radius * Math.sin((2 * Math.PI * i) / n - Math.PI / 2) });
  const pos = new Map(a.players.map((p, i) => [p, at(i)]));
  const max = Math.max(1, ...Object.values(a.help).flatMap((row) => Object.values(row).flatMap((cell) => [cell.donated, cell.lent])));
  const lines: string[] = [];
  for (const [from, row] of Object.entries(a.help)) {
    for (const [to, cell] of Object.entries(row)) {
      const p = pos.get(from);
      const q = pos.get(to);
      if (!p || !q) continue;
      for (const [kind, amount, color, bend] of [['donated', cell.donated, '#4caf50', 18], ['lent', cell.lent, '#ffb300', -18]] as const) {
        if (!amount) continue;
        const span = Math.hypot(q.x - p.x, q.y - p.y);
        const mx = (p.x + q.x) / 2 + (bend * (q.y - p.y)) / span;
        const my = (p.y + q.y) / 2 - (bend * (q.x - p.x)) / span;
        // The curve stops at the receiver's circle so the arrowhead stays visible.
        const back = Math.hypot(q.x - mx, q.y - my);
        const ex = q.x - ((q.x - mx) * (NODE_RADIUS + 2)) / back;
        const ey = q.y - ((q.y - my) * (NODE_RADIUS + 2)) / back;
        const w = 1 + 7 * Math.sqrt(amount / max);
        lines.push(
          `<path d="M${p.x.toFixed(1)},${p.y.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}" stroke="${color}" stroke-width="${w.toFixed(1)}" fill="none" marker-end="url(#arrow-${kind})" opacity="0.8"><title>${escapeHtml(`${from} ${kind} ${amount} to ${to}`)}</title></path>`,
        );
      }
    }
  }
  const nodes = a.players.map((id) => {
    const p = pos.get(id)!;
    return `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="${NODE_RADIUS}" fill="#2a2f3a" stroke="#8ab4ff"/><text x="${p.x.toFixed(1)}" y="${(p.y + 38).toFixed(1)}" fill="#e6e6e6" text-anchor="middle" font-size="12">${escapeHtml(id)}</text>`;
  });
  const marker = (kind: string, color: string) =>
    `<marker id="arrow-${kind}" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="12" markerHeight="12" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="who helped whom"><defs>${marker('donated', '#4caf50')}${marker('lent', '#ffb300')}</defs>${lines.join('')}${nodes.join('')}</svg>`;
}
