import { goldmineConfigSchema, type GoldmineConfig } from '@the-house/games/goldmine/goldmineConfig.ts';
import { goldmineStrategies } from '@the-house/games/goldmine/goldmineStrategies.ts';
import { matchHistory, roundSeries, runMetrics, type MetricRow, type RoundSeries } from '@the-house/games/goldmine/metrics/goldmineMetrics.ts';
import { halves } from '@the-house/games/goldmine/metrics/roundCounts.ts';
import type { RoundLog } from '@the-house/games/goldmine/goldmineTypes.ts';
import { playGoldmineMatch } from '@the-house/games/goldmine/playGoldmineMatch.ts';

/** One run of a sweep: a treatment's config, a seed and the seats' strategies (in seat order). */
export interface SweepJob {
  id: string;
  treatment: Record<string, string | number>;
  seed: number;
  config: GoldmineConfig;
  lineup: string[];
  /** Rounds after which to keep the ownership map (for the report); usually only for one seed per treatment. */
  mapRounds: number[];
}

/** What a run leaves behind: one line of the sweep's `runs.jsonl`. */
export interface SweepResult {
  id: string;
  treatment: Record<string, string | number>;
  seed: number;
  /** Strategy of each seat. */
  lineup: string[];
  metrics: MetricRow[];
  series: RoundSeries;
  maps: Record<string, number[]>;
  /** Final gold of each seat, for the ratings of the policies. */
  gold?: number[];
}

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/**
 * Plays one run of baselines (the fast path, on a worker thread) and measures it.
 * Runs with model seats go through `runModelSweepJob` instead.
 */
export function runSweepJob(job: SweepJob): SweepResult {
  const config = goldmineConfigSchema.parse(job.config);
  const seats = job.lineup.map((name, i) => ({ id: `${name}-${i + 1}`, strategy: goldmineStrategies[name]! }));
  const { logs } = playGoldmineMatch(config, job.seed, seats);
  return measureRun(job, config, logs);
}

/**
 * Measures one run from its Step 4 logs: every ODD metric over the whole
 * match and each half, the mean gold of each policy (`gold:<name>`: final
 * gold, and gold gained in each half), per-round series for the charts, the
 * maps asked for, and each seat's final gold.
 */
export function measureRun(job: SweepJob, config: GoldmineConfig, logs: readonly RoundLog[]): SweepResult {
  const h = matchHistory(config, job.lineup.length, logs);
  const metrics = runMetrics(h);
  const { first, second } = halves(h);
  const goldAt = (round: number, seat: number): number => (round >= 1 ? logs[round - 1]!.gold[seat]! : 0);
  for (const name of [...new Set(job.lineup)]) {
    const mine = job.lineup.flatMap((n, i) => (n === name ? [i] : []));
    const avg = (f: (seat: number) => number): number => mine.reduce((s, i) => s + f(i), 0) / mine.length;
    metrics.push({
      metric: `gold:${name}`,
      whole: avg((i) => goldAt(logs.length, i)),
      first: avg((i) => goldAt(first.to, i) - goldAt(first.from - 1, i)),
      second: avg((i) => goldAt(second.to, i) - goldAt(second.from - 1, i)),
    });
  }
  const series = roundSeries(h);
  for (const key of Object.keys(series) as Array<keyof RoundSeries>) series[key] = series[key].map(round4);
  const maps: Record<string, number[]> = {};
  for (const r of job.mapRounds) if (r >= 1 && r <= logs.length) maps[String(r)] = logs[r - 1]!.owner;
  const gold = job.lineup.map((_, i) => goldAt(logs.length, i));
  return { id: job.id, treatment: job.treatment, seed: job.seed, lineup: job.lineup, metrics, series, maps, gold };
}
