import { gameById } from '@the-house/games/registry.ts';
import type { RunResult, TreatmentValue } from '../sweep/runSpec.ts';
import { fmt, summarizeSweep, summaryMarkdown, type SummaryRow } from '../sweep/summarizeSweep.ts';
import { planRuns, treatmentLabel, type SweepPlan, type Treatment } from '../sweep/sweepPlan.ts';
import { lineChartSvg } from './lineChart.ts';
import { playSpecs } from './playSpecs.ts';
import type { PresetOutput, RunContext } from './preset.ts';

/**
 * A preset made of sweeps, one factor at a time (the others at the game's
 * defaults, as an ODD design's single-factor treatments are): every factor's
 * values x seeds 1..N, measured by the game's metrics, summarised with the
 * sweep's own means, 95% intervals and paired first-against-second-half tests.
 */
export interface SweepSetConfig {
  game: string;
  seeds: number;
  /** The round limit every run plays; null keeps the game's own. */
  rounds: number | null;
  players: number;
  population: Array<{ name: string; count: number }>;
  /** Settings every run gets (`--set`). */
  settings?: Record<string, TreatmentValue>;
  factors: Treatment[];
  /** The metrics the summary prints and the plots draw (the report has them all). */
  headline: string[];
  /** The questions the preset answers, for the report's head. */
  questions: string[];
}

/** The sweep plan of one factor. */
export function factorPlan(config: SweepSetConfig, factor: Treatment): SweepPlan {
  return { game: config.game, seeds: config.seeds, rounds: config.rounds, players: config.players, population: config.population, treatments: [factor], snapshots: [], ...(config.settings ? { settings: config.settings } : {}) };
}

/** A metric's plot file: `score:free-rider` is `score-free-rider.png` (a colon is no file name character everywhere). */
export const pictureName = (metric: string): string => `${metric.replace(/[^\w.-]+/g, '-')}.png`;

interface FactorResult {
  factor: Treatment;
  rows: SummaryRow[];
  results: RunResult[];
}

function resultsCsv(factors: readonly FactorResult[]): string {
  const lines = ['factor,value,seed,metric,whole,first_half,second_half'];
  for (const { factor, results } of factors) {
    for (const r of results) for (const m of r.metrics) lines.push([factor.key, String(r.treatment[factor.key]), r.seed, m.metric, fmt(m.whole), fmt(m.first), fmt(m.second)].join(','));
  }
  return `${lines.join('\n')}\n`;
}

function pictures(factors: readonly FactorResult[], headline: readonly string[]): Map<string, string> {
  const labels = factors.flatMap((f) => f.factor.values.map((v) => treatmentLabel({ [f.factor.key]: v })));
  const rowsOf = (metric: string) => factors.flatMap((f) => f.rows.filter((r) => r.metric === metric));
  return new Map(
    headline.map((metric) => [
      pictureName(metric),
      lineChartSvg({
        title: `${metric}: first and second half, by treatment (mean over seeds)`,
        xLabels: labels,
        xTitle: 'treatment (one factor at a time)',
        yTitle: metric,
        series: [
          { name: 'first half', values: labels.map((l) => rowsOf(metric).find((r) => r.treatment === l)?.firstMean ?? null) },
          { name: 'second half', values: labels.map((l) => rowsOf(metric).find((r) => r.treatment === l)?.secondMean ?? null) },
        ],
      }),
    ]),
  );
}

/** Whether every value of the factor gave the same metrics in every run (a setting the players never meet). */
function inert(f: FactorResult): boolean {
  const bySeed = new Map<number, string>();
  for (const r of f.results) {
    const metrics = JSON.stringify(r.metrics.map((m) => [m.metric, fmt(m.whole), fmt(m.first), fmt(m.second)]));
    if ((bySeed.get(r.seed) ?? metrics) !== metrics) return false;
    bySeed.set(r.seed, metrics);
  }
  return f.factor.values.length > 1;
}

function report(name: string, config: SweepSetConfig, factors: readonly FactorResult[]): string {
  const population = config.population.map((p) => `${p.name}:${p.count}`).join(', ');
  return [
    `# ${name}`,
    '',
    ...config.questions.map((q) => `- ${q}`),
    '',
    `${gameById(config.game)!.title}: ${config.seeds} seeds a treatment, ${config.rounds ?? "the game's own"} rounds, ${config.players} players (${population})${config.settings ? `, settings ${treatmentLabel(config.settings)}` : ''}; one factor at a time, the others at their defaults. Each metric: mean over seeds with its 95% t interval, the first- and second-half means and the paired t test of second against first half, judged against the direction the game expects ("yes": it moved that way at p < 0.05).`,
    '',
    ...config.headline.map((metric) => `![${metric}](${pictureName(metric)})`),
    '',
    ...factors.flatMap((f) => [`## ${f.factor.key}: ${f.factor.values.join(', ')}`, '', ...(inert(f) ? [`Every value of ${f.factor.key} gives the same figures, run for run: these players never act on it.`, ''] : []), summaryMarkdown(f.rows)]),
  ].join('\n');
}

/** Plays a sweep set and writes its outputs: all factors' runs at once (on threads or the queue), then a summary per factor. */
export async function runSweepSet(name: string, config: SweepSetConfig, context: RunContext): Promise<PresetOutput> {
  const game = gameById(config.game)!;
  const plans = config.factors.map((factor) => ({ factor, plan: factorPlan(config, factor) }));
  const specs = plans.flatMap(({ factor, plan }) => planRuns(plan, game).map((s) => ({ ...s, id: `${factor.key}: ${s.id}` })));
  const results = await playSpecs(name, config.game, config, specs, context);
  const factors = plans.map(({ factor, plan }) => {
    const mine = results.filter((r) => r.id.startsWith(`${factor.key}: `));
    return { factor, results: mine, rows: summarizeSweep(game, plan, mine) };
  });
  const summary = summaryMarkdown(factors.flatMap((f) => f.rows.filter((r) => config.headline.includes(r.metric))));
  return { csv: resultsCsv(factors), report: report(name, config, factors), pictures: pictures(factors, config.headline), summary };
}
