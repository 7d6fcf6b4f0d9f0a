import { escapeHtml, htmlPage } from '../../../report/htmlPage.ts';
import type { SweepPlan } from '../sweep/sweepArgs.ts';
import { treatmentCombos, treatmentLabel } from '../sweep/sweepArgs.ts';
import type { SweepResult } from '../sweep/sweepJob.ts';
import { summaryMarkdown, type SummaryRow } from '../sweep/summarizeSweep.ts';
import type { RoundSeries } from '../metrics/goldmineMetrics.ts';
import { REPORT_SCRIPT } from './reportScript.ts';

const CHARTS: Array<{ key: keyof RoundSeries; title: string; percent: boolean }> = [
  { key: 'turnover', title: 'Turnover (plots changing hands / plots owned)', percent: true },
  { key: 'raidRate', title: 'Raid rate (raids per player per round)', percent: false },
  { key: 'efficiency', title: 'Efficiency (output / plots x cap)', percent: true },
  { key: 'gini', title: 'Gini of cumulative gold', percent: false },
  { key: 'hhi', title: 'HHI of holdings', percent: false },
  { key: 'idle', title: 'Idle stamina', percent: true },
];

function meanSeries(runs: readonly SweepResult[], key: keyof RoundSeries): number[] {
  const length = Math.max(...runs.map((r) => r.series[key].length));
  return Array.from({ length }, (_, t) => {
    let s = 0;
    let n = 0;
    for (const r of runs) {
      const v = r.series[key][t];
      if (v !== undefined) {
        s += v;
        n++;
      }
    }
    return Math.round((s / n) * 1e4) / 1e4;
  });
}

function markdownTable(md: string): string {
  const [head, , ...rows] = md.trim().split('\n');
  const cells = (line: string): string[] => line.split('|').slice(1, -1).map((c) => escapeHtml(c.trim()));
  return `<table><tr>${cells(head!).map((c) => `<th>${c}</th>`).join('')}</tr>${rows.map((r) => `<tr>${cells(r).map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
}

/**
 * A sweep's self-contained report: per-round means over seeds of turnover, raid
 * rate, efficiency, Gini (and HHI, idle stamina), one line per treatment; the
 * ownership maps of each treatment's seed-1 run at the chosen rounds; the summary table.
 */
export function sweepReport(plan: SweepPlan, results: readonly SweepResult[], rows: readonly SummaryRow[]): string {
  const treatments = treatmentCombos(plan).map(treatmentLabel);
  const byTreatment = treatments.map((label) => ({ label, runs: results.filter((r) => treatmentLabel(r.treatment) === label) })).filter((t) => t.runs.length);
  const rounds = Math.max(...results.map((r) => r.series.turnover.length));
  const charts = CHARTS.map((c, i) => ({
    id: `chart${i}`,
    title: c.title,
    percent: c.percent,
    labels: Array.from({ length: rounds }, (_, t) => t + 1),
    datasets: byTreatment.map((t) => ({ label: t.label, data: meanSeries(t.runs, c.key) })),
  }));
  const maps: Array<{ id: string; size: number; owner: number[]; title: string; seats: string[] }> = [];
  const legends: Array<{ id: string; seats: string[] }> = [];
  const mapHtml = byTreatment
    .map((t, ti) => {
      const run = t.runs.find((r) => r.seed === 1) ?? t.runs[0]!;
      const names = run.lineup.map((name, i) => `${name}-${i + 1}`);
      legends.push({ id: `legend${ti}`, seats: names });
      const cells = Object.entries(run.maps).map(([round, owner]) => {
        const id = `map${ti}_${round}`;
        maps.push({ id, size: Math.round(Math.sqrt(owner.length)), owner, title: `round ${round}`, seats: names });
        return `<div><div class="muted">after round ${escapeHtml(round)}</div><div id="${id}"></div></div>`;
      });
      return `<div class="card"><h3>${escapeHtml(t.label)} <span class="muted">(seed ${run.seed})</span></h3><div id="legend${ti}" class="muted"></div><div style="display:flex;gap:24px;flex-wrap:wrap">${cells.join('')}</div></div>`;
    })
    .join('');
  const widest = results.reduce<readonly string[]>((a, r) => (r.lineup.length > a.length ? r.lineup : a), []);
  const seats = widest.map((name, i) => `${name}-${i + 1}`);
  const population = plan.population.map((p) => `${p.name} x ${p.count}`).join(', ');
  const body = `<h1>Gold mining sweep</h1>
<p class="muted">${plan.seeds} seeds x ${treatments.length} treatment${treatments.length > 1 ? 's' : ''} (${escapeHtml(treatments.join('; '))}), ${plan.rounds} rounds, population ${escapeHtml(population)}${plan.treatments.some((t) => t.key === 'players') ? ' (scaled to each treatment\'s players)' : ''}. ${results.length} runs. Lines are means over seeds.</p>
<div class="grid">${charts.map((c) => `<div class="card" style="height:340px"><canvas id="${c.id}"></canvas></div>`).join('')}</div>
<h2>Ownership maps</h2>${mapHtml}
<h2>Summary</h2><p class="muted">Mean over seeds with a 95% t confidence interval; the paired t-test compares each run's second half with its first half; "yes" means a significant change (p &lt; 0.05) in the direction the ODD's success criteria expect.</p>
<div class="card" style="overflow-x:auto">${markdownTable(summaryMarkdown(rows))}</div>`;
  return htmlPage({ title: 'Gold mining sweep', body, script: REPORT_SCRIPT, data: { charts, maps, seats, legends } });
}
