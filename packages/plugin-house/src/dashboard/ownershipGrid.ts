import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import { seatColor } from './palette.ts';

/** Gold mining's ownership map as HTML: one cell per plot in its owner's seat colour (dark when unowned), with each seat's colour named below. */
export function ownershipGrid(owner: readonly number[], size: number, players: readonly string[]): string {
  const cells = owner
    .map((o, plot) => {
      const who = o >= 0 ? (players[o] ?? `seat ${o}`) : 'unowned';
      return `<div class="plot" title="plot ${plot}: ${escapeHtml(who)}" style="background:${o >= 0 ? seatColor(o) : '#262b36'}"></div>`;
    })
    .join('');
  const legend = players.map((p, i) => `<span class="legend"><span class="dot" style="background:${seatColor(i)}"></span>${escapeHtml(p)}</span>`).join(' ');
  return `<div class="ownership" data-size="${size}" style="display:grid;grid-template-columns:repeat(${size},1fr);gap:1px;max-width:${Math.min(420, size * 28)}px">${cells}</div><p>${legend}</p>`;
}
