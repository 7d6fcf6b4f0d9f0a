import { escapeHtml } from '../../report/htmlPage.ts';
import type { RunResult } from '../../sweep/runSpec.ts';

/** What a sweep report draws of its runs' snapshots: HTML plus the data its script reads. */
export interface SnapshotSection {
  html: string;
  maps: Array<{ id: string; size: number; owner: number[]; title: string; seats: string[] }>;
  legends: Array<{ id: string; seats: string[] }>;
}

/** Gold mining's snapshots in a sweep report: each treatment's seed-1 ownership map at the chosen rounds, with its seats' legend. */
export function ownershipMaps(byTreatment: ReadonlyArray<{ label: string; runs: readonly RunResult[] }>): SnapshotSection {
  const maps: SnapshotSection['maps'] = [];
  const legends: SnapshotSection['legends'] = [];
  const html = byTreatment
    .map((t, ti) => {
      const run = t.runs.find((r) => r.seed === 1) ?? t.runs[0]!;
      const names = run.lineup.map((name, i) => `${name}-${i + 1}`);
      legends.push({ id: `legend${ti}`, seats: names });
      const cells = Object.entries(run.snapshots).map(([round, owner]) => {
        const id = `map${ti}_${round}`;
        const cellsOwned = owner as number[];
        maps.push({ id, size: Math.round(Math.sqrt(cellsOwned.length)), owner: cellsOwned, title: `round ${round}`, seats: names });
        return `<div><div class="muted">after round ${escapeHtml(round)}</div><div id="${id}"></div></div>`;
      });
      return `<div class="card"><h3>${escapeHtml(t.label)} <span class="muted">(seed ${run.seed})</span></h3><div id="legend${ti}" class="muted"></div><div style="display:flex;gap:24px;flex-wrap:wrap">${cells.join('')}</div></div>`;
    })
    .join('');
  return { html: html ? `<h2>Ownership maps</h2>${html}` : '', maps, legends };
}
