import type { AnyGame } from '@the-house/games/engine/types.ts';
import { meanCi95, pairedTTest, type MeanCi, type PairedTest } from '../stats/tStats.ts';
import type { RunResult } from './runSpec.ts';
import { treatmentCombos, treatmentLabel, type SweepPlan } from './sweepPlan.ts';

/** One treatment x metric line of the summary: whole-match mean with its 95% CI, and the paired half test. */
export interface SummaryRow {
  treatment: string;
  metric: string;
  whole: MeanCi;
  firstMean: number;
  secondMean: number;
  halves: PairedTest;
  expect: 'lower' | 'higher' | 'none';
  /**
   * `yes`: the second half differs in the direction the game's metric expects at p < 0.05;
   * `opposite`: it differs the other way; `n.s.`: neither; `n/a`: no test (fewer
   * than 2 runs with both halves finite); empty for descriptive metrics.
   */
  verdict: 'yes' | 'opposite' | 'n.s.' | 'n/a' | '';
}

function mean(xs: number[]): number {
  const ok = xs.filter(Number.isFinite);
  return ok.length ? ok.reduce((a, b) => a + b, 0) / ok.length : Number.NaN;
}

/**
 * Per treatment and metric: the mean with its 95% t interval over seeds, the
 * half means, and the paired test of second against first half, judged
 * against the direction the game's metric expects (metrics without halves,
 * scores and usage are described, not judged).
 */
export function summarizeSweep(game: AnyGame, plan: SweepPlan, results: readonly RunResult[]): SummaryRow[] {
  const expectOf = new Map((game.metrics?.defs ?? []).map((m) => [m.name, m.wholeOnly ? ('none' as const) : m.expect]));
  const rows: SummaryRow[] = [];
  for (const treatment of treatmentCombos(plan)) {
    const label = treatmentLabel(treatment);
    const runs = results.filter((r) => treatmentLabel(r.treatment) === label).sort((a, b) => a.seed - b.seed);
    if (runs.length === 0) continue;
    for (const metric of runs[0]!.metrics.map((m) => m.metric)) {
      const values = runs.map((r) => r.metrics.find((m) => m.metric === metric)!);
      const first = values.map((v) => v.first);
      const second = values.map((v) => v.second);
      const test = pairedTTest(first, second);
      const expect = expectOf.get(metric) ?? 'none';
      let verdict: SummaryRow['verdict'] = '';
      if (expect !== 'none') {
        const significant = test.p < 0.05 && test.meanDiff !== 0;
        verdict = !Number.isFinite(test.p) ? 'n/a' : !significant ? 'n.s.' : (test.meanDiff < 0) === (expect === 'lower') ? 'yes' : 'opposite';
      }
      rows.push({ treatment: label, metric, whole: meanCi95(values.map((v) => v.whole)), firstMean: mean(first), secondMean: mean(second), halves: test, expect, verdict });
    }
  }
  return rows;
}

export const fmt = (x: number): string => (Number.isFinite(x) ? String(Number(x.toPrecision(6))) : Number.isNaN(x) ? '' : x > 0 ? 'Inf' : '-Inf');

const csvCell = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** One row per run and metric: the treatment's values in their own columns, then whole-match, first-half and second-half values. */
export function resultsCsv(plan: SweepPlan, results: readonly RunResult[]): string {
  const keys = plan.treatments.map((t) => t.key);
  const lines = [['run', 'seed', ...keys, 'metric', 'whole', 'first_half', 'second_half'].join(',')];
  const order = new Map(treatmentCombos(plan).map((t, i) => [treatmentLabel(t), i]));
  const sorted = [...results].sort((a, b) => order.get(treatmentLabel(a.treatment))! - order.get(treatmentLabel(b.treatment))! || a.seed - b.seed);
  for (const r of sorted) {
    for (const m of r.metrics) lines.push([csvCell(r.id), r.seed, ...keys.map((k) => csvCell(String(r.treatment[k]))), m.metric, fmt(m.whole), fmt(m.first), fmt(m.second)].join(','));
  }
  return `${lines.join('\n')}\n`;
}

export function summaryCsv(rows: readonly SummaryRow[]): string {
  const head = 'treatment,metric,n,infinite,mean,ci95_low,ci95_high,first_half_mean,second_half_mean,pairs,paired_diff,t,df,p,expected,verdict';
  const body = rows.map((r) =>
    [
      csvCell(r.treatment),
      r.metric,
      r.whole.n,
      r.whole.infinite,
      fmt(r.whole.mean),
      fmt(r.whole.low),
      fmt(r.whole.high),
      fmt(r.firstMean),
      fmt(r.secondMean),
      r.halves.n,
      fmt(r.halves.meanDiff),
      fmt(r.halves.t),
      r.halves.df,
      fmt(r.halves.p),
      r.expect,
      r.verdict,
    ].join(','),
  );
  return `${[head, ...body].join('\n')}\n`;
}

const short = (x: number): string => (Number.isFinite(x) ? (Math.abs(x) >= 100 ? x.toFixed(1) : Math.abs(x) >= 1 ? x.toFixed(3) : x.toFixed(4)) : Number.isNaN(x) ? '-' : x > 0 ? 'Inf' : '-Inf');

/** The summary as a Markdown table: mean [95% CI], halves, the paired test, and the verdict against the metric's expected direction. */
export function summaryMarkdown(rows: readonly SummaryRow[]): string {
  const lines = ['| treatment | metric | n | mean [95% CI] | 1st half | 2nd half | paired t (p) | expected | verdict |', '|---|---|---|---|---|---|---|---|---|'];
  for (const r of rows) {
    const inf = r.whole.infinite ? ` (Inf in ${r.whole.infinite} run${r.whole.infinite > 1 ? 's' : ''})` : '';
    const ci = (Number.isFinite(r.whole.low) ? ` [${short(r.whole.low)}, ${short(r.whole.high)}]` : '') + inf;
    const test = Number.isFinite(r.halves.p) ? `${short(r.halves.t)} (${r.halves.p < 0.001 ? '<0.001' : r.halves.p.toFixed(3)})` : '-';
    lines.push(`| ${r.treatment} | ${r.metric} | ${r.whole.n} | ${short(r.whole.mean)}${ci} | ${short(r.firstMean)} | ${short(r.secondMean)} | ${test} | ${r.expect === 'none' ? '' : r.expect} | ${r.verdict} |`);
  }
  return `${lines.join('\n')}\n`;
}
