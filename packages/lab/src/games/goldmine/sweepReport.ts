import { escapeHtml, htmlPage } from '../../report/htmlPage.ts';
import { GOLDMINE_METRICS, type RoundSeries } from '@the-house/games/goldmine/metrics/goldmineMetrics.ts';
import type { SweepPlan } from '../../sweep/sweepArgs.ts';
import { treatmentCombos, treatmentLabel } from '../../sweep/sweepArgs.ts';
import type { SweepResult } from '../../sweep/sweepJob.ts';
import { summaryMarkdown, type SummaryRow } from '../../sweep/summarizeSweep.ts';
import { REPORT_SCRIPT } from './reportScript.ts';


const OVER_ROUNDS: Array<{ key: keyof RoundSeries; title: string; percent: boolean }> = [
  { key: 'turnover', title: 'Turnover (plots taken by raids / plots owned)', percent: true },
  { key: 'raidRate', title: 'Raid rate (raids per player per round)', percent: false },
  { key: 'efficiency', title: 'Efficiency (gold / plots x cap x alpha)', percent: true },
  { key: 'gini', title: 'Gini of cumulative gold', percent: false },
  { key: 'hhi', title: 'HHI of holdings', percent: false },
  { key: 'idle', title: 'Idle stamina', percent: true },
];

/** Metrics with a chart of their mean and 95% CI per treatment, and of their half means. */
const CI_METRICS = ['turnover', 'raidRate', 'efficiency', 'giniGold'];
const HALF_METRICS = ['turnover', 'raidRate', 'efficiency', 'stableRaids'];

/** Four charts to a row on a wide screen. */
const FOUR = 'grid-template-columns:repeat(auto-fit,minmax(300px,1fr))';

const DEFS = new Map(GOLDMINE_METRICS.map((m) => [m.name, m]));

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

const num = (x: number, percent: boolean): string => (!Number.isFinite(x) ? '-' : percent ? `${(x * 100).toFixed(1)}%` : Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(3));

const VERDICT_STYLE: Record<SummaryRow['verdict'], string> = { yes: 'color:#5fd38d', opposite: 'color:#ff7b72', 'n.s.': 'color:#9aa4b2', 'n/a': 'color:#9aa4b2', '': 'color:#9aa4b2' };

/** One cell of the at-a-glance table: mean [95% CI] and where the second half went, coloured by the ODD's verdict. */
function glanceCell(row: SummaryRow | undefined, percent: boolean): string {
  if (!row) return '<td>-</td>';
  const runs = row.whole.n + row.whole.infinite;
  const inf = row.whole.infinite ? ` <span class="muted">(never reached in ${row.whole.infinite} of ${runs} runs)</span>` : '';
  const ci = Number.isFinite(row.whole.low) ? ` <span class="muted">[${num(row.whole.low, percent)}, ${num(row.whole.high, percent)}]</span>` : '';
  const { meanDiff, p } = row.halves;
  let half = 'halves: no test';
  if (Number.isFinite(p)) {
    const arrow = meanDiff > 0 ? '&#9650; up' : meanDiff < 0 ? '&#9660; down' : 'flat';
    half = `2nd half ${arrow}, p ${p < 0.001 ? '&lt; 0.001' : p.toFixed(3)}${row.verdict === 'yes' ? ' (as expected)' : row.verdict === 'opposite' ? ' (against expectation)' : ''}`;
  }
  const mean = row.whole.n === 0 && row.whole.infinite ? 'never reached' : num(row.whole.mean, percent);
  return `<td>${mean}${ci}${inf}<br><small style="${VERDICT_STYLE[row.verdict]}">${half}</small></td>`;
}

/**
 * A sweep's self-contained report, most telling first: an at-a-glance table
 * (each metric x treatment: mean with its 95% CI, and the paired half test
 * coloured green when the second half moved the way the ODD expects at
 * p < 0.05, red when it moved the other way); the mean and CI per treatment
 * of turnover, raid rate, efficiency and Gini; first- versus second-half
 * means; per-round means over seeds;
 * the ownership maps of each treatment's seed-1 run at the chosen rounds; and
 * the full summary table.
 */
export function sweepReport(plan: SweepPlan, results: readonly SweepResult[], rows: readonly SummaryRow[]): string {
  const treatments = treatmentCombos(plan).map(treatmentLabel);
  const byTreatment = treatments.map((label) => ({ label, runs: results.filter((r) => treatmentLabel(r.treatment) === label) })).filter((t) => t.runs.length);
  const labels = byTreatment.map((t) => t.label);
  const row = (treatment: string, metric: string) => rows.find((r) => r.treatment === treatment && r.metric === metric);
  const metricNames = [...new Set(rows.map((r) => r.metric))];

  const glance = metricNames
    .map((metric) => {
      const def = DEFS.get(metric);
      const percent = def?.percent ?? false;
      const what = def ? `<br><small class="muted">${escapeHtml(def.about)}${def.expect === 'none' ? '' : `; ODD: 2nd half ${def.expect}`}</small>` : '<br><small class="muted">mean final gold per player of this policy</small>';
      return `<tr><td><b>${escapeHtml(metric)}</b>${what}</td>${labels.map((t) => glanceCell(row(t, metric), percent)).join('')}</tr>`;
    })
    .join('');

  const ciCharts = CI_METRICS.map((metric, i) => {
    const found = labels.map((t) => row(t, metric));
    return {
      id: `ci${i}`,
      title: `${metric}: mean and 95% CI over seeds`,
      percent: DEFS.get(metric)!.percent,
      labels,
      mean: found.map((r) => r?.whole.mean ?? null),
      low: found.map((r) => r?.whole.low ?? null),
      high: found.map((r) => r?.whole.high ?? null),
    };
  });
  const halfCharts = HALF_METRICS.map((metric, i) => {
    const found = labels.map((t) => row(t, metric));
    return { id: `half${i}`, title: `${metric}: first vs second half (means over seeds)`, percent: DEFS.get(metric)!.percent, labels, first: found.map((r) => r?.firstMean ?? null), second: found.map((r) => r?.secondMean ?? null) };
  });
  const rounds = Math.max(...results.map((r) => r.series.turnover.length));
  const charts = OVER_ROUNDS.map((c, i) => ({
    id: `chart${i}`,
    title: c.title,
    percent: c.percent,
    smooth: 1,
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
  const canvas = (id: string) => `<div class="card" style="height:320px"><canvas id="${id}"></canvas></div>`;
  const body = `<h1>Gold mining sweep</h1>
<p class="muted">${plan.seeds} seeds x ${treatments.length} treatment${treatments.length > 1 ? 's' : ''} (${escapeHtml(treatments.join('; '))}), ${plan.rounds} rounds, population ${escapeHtml(population)}${plan.treatments.some((t) => t.key === 'players') ? " (scaled to each treatment's players)" : ''}. ${results.length} runs.</p>
<h2>At a glance</h2>
<p class="muted">Mean over seeds [95% t confidence interval]. Below it, the paired t-test of each run's second half against its first half: green when the change is significant (p &lt; 0.05) in the direction the ODD's success criteria expect, red when significant the other way.</p>
<div class="card" style="overflow-x:auto"><table><tr><th>metric</th>${labels.map((t) => `<th>${escapeHtml(t)}</th>`).join('')}</tr>${glance}</table></div>
<h2>By treatment</h2>
<div class="grid" style="${FOUR}">${ciCharts.map((c) => canvas(c.id)).join('')}</div>
<div class="grid" style="${FOUR}">${halfCharts.map((c) => canvas(c.id)).join('')}</div>
<h2>Over rounds</h2><p class="muted">Each round's value, averaged over seeds.</p>
<div class="grid">${charts.map((c) => canvas(c.id)).join('')}</div>
<h2>Ownership maps</h2>${mapHtml}
<details><summary><h2 style="display:inline">Full summary table</h2></summary>
<div class="card" style="overflow-x:auto">${markdownTable(summaryMarkdown(rows))}</div></details>`;
  return htmlPage({ title: 'Gold mining sweep', body, script: REPORT_SCRIPT, data: { charts, ciCharts, halfCharts, maps, seats, legends } });
}
