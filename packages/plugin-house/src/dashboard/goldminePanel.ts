import { escapeHtml } from '@the-house/lab/report/htmlPage.ts';
import type { MatchDetail } from '../types.ts';
import { chartBox, type Rendered } from './chartSpec.ts';
import { domId } from './domId.ts';
import { seriesOverRounds } from './historySeries.ts';
import { seatColor } from './palette.ts';

interface MapState {
  players: string[];
  owner: number[];
  size: number;
}

function readMap(state: unknown): MapState | null {
  const s = state as { players?: unknown; owner?: unknown; config?: { size?: unknown } } | null;
  if (!s || !Array.isArray(s.owner) || !Array.isArray(s.players)) return null;
  const size = typeof s.config?.size === 'number' ? s.config.size : Math.round(Math.sqrt(s.owner.length));
  if (size * size !== s.owner.length) return null;
  return { players: s.players as string[], owner: s.owner as number[], size };
}

/**
 * Gold mining: the ownership map (one cell per plot, coloured by its owner's
 * seat, dark when unowned) and the plots each player holds over rounds.
 */
export function goldminePanel(detail: MatchDetail): Rendered | null {
  const map = readMap(detail.state);
  if (!map) return null;
  const cells = map.owner
    .map((o, plot) => {
      const who = o >= 0 ? (map.players[o] ?? `seat ${o}`) : 'unowned';
      return `<div class="plot" title="plot ${plot}: ${escapeHtml(who)}" style="background:${o >= 0 ? seatColor(o) : '#262b36'}"></div>`;
    })
    .join('');
  const legend = map.players.map((p, i) => `<span class="legend"><span class="dot" style="background:${seatColor(i)}"></span>${escapeHtml(p)}</span>`).join(' ');
  const grid = `<div class="ownership" data-size="${map.size}" style="display:grid;grid-template-columns:repeat(${map.size},1fr);gap:1px;max-width:${Math.min(420, map.size * 28)}px">${cells}</div>`;
  const history = detail.history.map((h) => ({
    ...h,
    players: Object.fromEntries(Object.entries(h.players).map(([id, p]) => [id, { plots: Array.isArray(p.plots) ? p.plots.length : null }])),
  }));
  const { labels, datasets } = seriesOverRounds(history, { field: 'plots' }, map.players);
  const id = domId('plots', detail.summary.id);
  const charts = datasets.length ? [{ id, title: 'plots held', kind: 'line' as const, labels, datasets }] : [];
  const html = `<div class="grid"><div><h3>Ownership map</h3>${grid}<p>${legend}</p></div>${charts.length ? `<div><h3>Plots held</h3>${chartBox(id)}</div>` : ''}</div>`;
  return { html, charts };
}
