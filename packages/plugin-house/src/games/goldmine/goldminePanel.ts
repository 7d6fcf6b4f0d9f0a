import type { MatchDetail } from '../../types.ts';
import { chartBox, type Rendered } from '../../dashboard/chartSpec.ts';
import { domId } from '../../dashboard/domId.ts';
import { seriesOverRounds } from '../../dashboard/historySeries.ts';
import { ownershipGrid } from '../../dashboard/ownershipGrid.ts';

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
  const history = detail.history.map((h) => ({
    ...h,
    players: Object.fromEntries(Object.entries(h.players).map(([id, p]) => [id, { plots: Array.isArray(p.plots) ? p.plots.length : null }])),
  }));
  const { labels, datasets } = seriesOverRounds(history, { field: 'plots' }, map.players);
  const id = domId('plots', detail.summary.id);
  const charts = datasets.length ? [{ id, title: 'plots held', kind: 'line' as const, labels, datasets }] : [];
  const html = `<div class="grid"><div><h3>Ownership map</h3>${ownershipGrid(map.owner, map.size, map.players)}</div>${charts.length ? `<div><h3>Plots held</h3>${chartBox(id)}</div>` : ''}</div>`;
  return { html, charts };
}
