import type { AnyGame, MetricDef } from '@the-house/games/engine/types.ts';
import { labGameOf } from '../games/labGames.ts';
import { escapeHtml, htmlPage } from '../report/htmlPage.ts';
import { REPORT_SCRIPT } from '../report/reportScript.ts';
import type { RunResult } from './runSpec.ts';
import { summaryMarkdown, type SummaryRow } from './summarizeSweep.ts';
import { treatmentCombos, treatmentLabel, type SweepPlan } from './sweepPlan.ts';


/** Four charts to a row on a wide screen. */
const FOUR = 'grid-template-columns:repeat(auto-fit,minmax(300px,1fr))';

function meanSeries(runs: readonly RunResult[], key: string): number[] {
  const of = (r: RunResult) => r.series.find((s) => s.key === key)?.values;
  const length = Math.max(0, ...runs.map((r) => of(r)?.length ?? 0));
  return Array.from({ length }, (_, t) => {
    let s = 0;
    let n = 0;
    for (const r of runs) {
      const v = of(r)?.[t];
      if (v !== undefined && Number.isFinite(v)) {
        s += v;
        n++;
      }
    }
    return n ? Math.round((s / n) * 1e4) / 1e4 : Number.NaN;
  });
}

function markdownTable(md: string): string {
  const [head, , ...rows] = md.trim().split('\n');
  const cells = (line: string): string[] => line.split('|').slice(1, -1).map((c) => escapeHtml(c.trim()));
  return `<table><tr>${cells(head!).map((c) => `<th>${c}</th>`).join('')}</tr>${rows.map((r) => `<tr>${cells(r).map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
}

const num = (x: number, percent: boolean): string => (!Number.isFinite(x) ? '-' : percent ? `${(x * 100).toFixed(1)}%` : Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(3));

const VERDICT_STYLE: Record<SummaryRow['verdict'], string> = { yes: 'color:#5fd38d', opposite: 'color:#ff7b72', 'n.s.': 'color:#9aa4b2', 'n/a': 'color:#9aa4b2', '': 'color:#9aa4b2' };

/** One cell of the at-a-glance table: mean [95% CI] and where the second half went, coloured by the verdict. */
function glanceCell(row: SummaryRow | undefined, def: MetricDef<unknown> | undefined): string {
  if (!row) return '<td>-</td>';
  const percent = def?.percent ?? false;
  const runs = row.whole.n + row.whole.infinite;
  const inf = row.whole.infinite ? ` <span class="muted">(never reached in ${row.whole.infinite} of ${runs} runs)</span>` : '';
  const ci = Number.isFinite(row.whole.low) ? ` <span class="muted">[${num(row.whole.low, percent)}, ${num(row.whole.high, percent)}]</span>` : '';
  const { meanDiff, p } = row.halves;
  let half = def?.wholeOnly ? 'whole run only' : 'halves: no test';
  if (!def?.wholeOnly && Number.isFinite(p)) {
    const arrow = meanDiff > 0 ? '&#9650; up' : meanDiff < 0 ? '&#9660; down' : 'flat';
    half = `2nd half ${arrow}, p ${p < 0.001 ? '&lt; 0.001' : p.toFixed(3)}${row.verdict === 'yes' ? ' (as expected)' : row.verdict === 'opposite' ? ' (against expectation)' : ''}`;
  }
  const mean = row.whole.n === 0 && row.whole.infinite ? 'never reached' : num(row.whole.mean, percent);
  return `<td>${mean}${ci}${inf}<br><small style="${VERDICT_STYLE[row.verdict]}">${half}</small></td>`;
}

/** What a metric row is, in a line: the game's own words, or what the runner adds (scores, model usage). */
function about(metric: string, def: MetricDef<unknown> | undefined, scoreName: string): string {
  if (def) return `${def.about}${def.wholeOnly || def.expect === 'none' ? '' : `; expected: 2nd half ${def.expect}`}`;
  if (metric.startsWith('score:')) return `mean final ${scoreName} of this policy's seats (halves: gained in each half)`;
  if (metric.startsWith('usage:')) return 'what the model seats cost (sum over the run)';
  return '';
}

/**
 * How the runs ended, per treatment: each ending kind in the game's words
 * (the game's narration kinds) with how many runs ended so, and which policies won
 * them (a seat's policy is its lineup name).
 */
function endings(game: AnyGame, byTreatment: ReadonlyArray<{ label: string; runs: readonly RunResult[] }>): string {
  const kinds = [...new Set(byTreatment.flatMap((t) => t.runs.map((r) => r.kind ?? 'unfinished')))];
  if (!kinds.length) return '';
  const words = game.narration.kinds;
  const cell = (runs: readonly RunResult[], kind: string): string => {
    const ended = runs.filter((r) => (r.kind ?? 'unfinished') === kind);
    if (!ended.length) return '<td>-</td>';
    const won = new Map<string, number>();
    for (const r of ended) for (const name of new Set(r.winners.map((seat) => r.lineup[seat] ?? `seat ${seat + 1}`))) won.set(name, (won.get(name) ?? 0) + 1);
    const by = [...won].sort((a, b) => b[1] - a[1]).map(([name, n]) => `${escapeHtml(name)} ${n}`);
    return `<td>${ended.length} of ${runs.length}${by.length ? `<br><small class="muted">won by ${by.join(', ')}</small>` : ''}</td>`;
  };
  const rows = kinds
    .map((kind) => `<tr><td><b>${escapeHtml(kind)}</b>${words?.get(kind) ? `<br><small class="muted">${escapeHtml(words.get(kind)!)}</small>` : ''}</td>${byTreatment.map((t) => cell(t.runs, kind)).join('')}</tr>`)
    .join('');
  return `<h2>How the runs ended</h2>\n<div class="card" style="overflow-x:auto"><table class="endings"><tr><th>ending</th>${byTreatment.map((t) => `<th>${escapeHtml(t.label)}</th>`).join('')}</tr>${rows}</table></div>`;
}

/**
 * A sweep's self-contained report, most telling first: an at-a-glance table
 * (each metric x treatment: mean with its 95% CI, and the paired half test
 * coloured green when the second half moved the way the metric expects at
 * p < 0.05, red when it moved the other way); how the runs ended, in words;
 * the mean and CI per treatment of the game's headline metrics; their first- versus second-half means;
 * per-round means over seeds of the game's series; the game's snapshots
 * (Gold mining's ownership maps of each treatment's seed-1 run); and the full
 * summary table.
 */
export function sweepReport(game: AnyGame, plan: SweepPlan, results: readonly RunResult[], rows: readonly SummaryRow[]): string {
  const defs = new Map((game.metrics?.defs ?? []).map((m) => [m.name, m as MetricDef<unknown>]));
  const treatments = treatmentCombos(plan).map(treatmentLabel);
  const byTreatment = treatments.map((label) => ({ label, runs: results.filter((r) => treatmentLabel(r.treatment) === label) })).filter((t) => t.runs.length);
  const labels = byTreatment.map((t) => t.label);
  const row = (treatment: string, metric: string) => rows.find((r) => r.treatment === treatment && r.metric === metric);
  const metricNames = [...new Set(rows.map((r) => r.metric))];

  const glance = metricNames
    .map((metric) => {
      const def = defs.get(metric);
      const what = about(metric, def, game.scoreName);
      return `<tr><td><b>${escapeHtml(metric)}</b>${what ? `<br><small class="muted">${escapeHtml(what)}</small>` : ''}</td>${labels.map((t) => glanceCell(row(t, metric), def)).join('')}</tr>`;
    })
    .join('');

  const headline = (game.metrics?.headline ?? []).filter((m) => defs.has(m));
  const ciCharts = headline.map((metric, i) => {
    const found = labels.map((t) => row(t, metric));
    return {
      id: `ci${i}`,
      title: `${metric}: mean and 95% CI over seeds`,
      percent: defs.get(metric)!.percent,
      labels,
      mean: found.map((r) => r?.whole.mean ?? null),
      low: found.map((r) => r?.whole.low ?? null),
      high: found.map((r) => r?.whole.high ?? null),
    };
  });
  const halfCharts = headline
    .filter((metric) => !defs.get(metric)!.wholeOnly)
    .map((metric, i) => {
      const found = labels.map((t) => row(t, metric));
      return { id: `half${i}`, title: `${metric}: first vs second half (means over seeds)`, percent: defs.get(metric)!.percent, labels, first: found.map((r) => r?.firstMean ?? null), second: found.map((r) => r?.secondMean ?? null) };
    });
  const seriesOf = new Map(results.flatMap((r) => r.series.map((s) => [s.key, s] as const)));
  const rounds = Math.max(0, ...results.map((r) => r.rounds));
  const charts = [...seriesOf.values()].map(({ key, title, percent }, i) => ({
    id: `chart${i}`,
    title,
    percent,
    smooth: 1,
    labels: Array.from({ length: rounds }, (_, t) => t + 1),
    datasets: byTreatment.map((t) => ({ label: t.label, data: meanSeries(t.runs, key) })),
  }));

  const snapshots = labGameOf(game.id)?.snapshots?.(byTreatment) ?? { html: '', maps: [], legends: [] };
  const widest = results.reduce<readonly string[]>((a, r) => (r.lineup.length > a.length ? r.lineup : a), []);
  const seats = widest.map((name, i) => `${name}-${i + 1}`);
  const population = plan.population.map((p) => `${p.name} x ${p.count}`).join(', ');
  const canvas = (id: string) => `<div class="card" style="height:320px"><canvas id="${id}"></canvas></div>`;
  const body = `<h1>${escapeHtml(game.title)} sweep</h1>
<p class="muted">${plan.seeds} seeds x ${treatments.length} treatment${treatments.length > 1 ? 's' : ''} (${escapeHtml(treatments.join('; '))})${plan.rounds === null ? '' : `, ${plan.rounds} rounds`}, population ${escapeHtml(population)}${plan.treatments.some((t) => t.key === 'players') ? " (scaled to each treatment's players)" : ''}. ${results.length} runs.</p>
<h2>At a glance</h2>
<p class="muted">Mean over seeds [95% t confidence interval]. Below it, the paired t-test of each run's second half against its first half: green when the change is significant (p &lt; 0.05) in the direction the metric expects, red when significant the other way.</p>
<div class="card" style="overflow-x:auto"><table><tr><th>metric</th>${labels.map((t) => `<th>${escapeHtml(t)}</th>`).join('')}</tr>${glance}</table></div>
${endings(game, byTreatment)}
${ciCharts.length ? `<h2>By treatment</h2>\n<div class="grid" style="${FOUR}">${ciCharts.map((c) => canvas(c.id)).join('')}</div>\n<div class="grid" style="${FOUR}">${halfCharts.map((c) => canvas(c.id)).join('')}</div>` : ''}
${charts.length ? `<h2>Over rounds</h2><p class="muted">Each round's value, averaged over seeds.</p>\n<div class="grid">${charts.map((c) => canvas(c.id)).join('')}</div>` : ''}
${snapshots.html}
<details><summary><h2 style="display:inline">Full summary table</h2></summary>
<div class="card" style="overflow-x:auto">${markdownTable(summaryMarkdown(rows))}</div></details>`;
  return htmlPage({ title: `${game.title} sweep`, body, script: REPORT_SCRIPT, data: { charts, ciCharts, halfCharts, maps: snapshots.maps, seats, legends: snapshots.legends } });
}
