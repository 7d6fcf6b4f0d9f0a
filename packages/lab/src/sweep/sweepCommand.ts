import { SingleBar } from 'cli-progress';
import { CliError } from '../cli/cliError.ts';
import { runOnQueue } from '../queue/queueRuns.ts';
import { queueUrl, takeQueueFlags } from '../queue/queueUrl.ts';
import { parsePriceTable } from '../models/priceTable.ts';
import { ratingsJson } from '../ratings/index.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { gameById } from './playRun.ts';
import { runRatings, ratingsMarkdown } from './runRatings.ts';
import { runRuns } from './runRuns.ts';
import { runJson, type RunResult, type RunSpec } from './runSpec.ts';
import { resultsCsv, summarizeSweep, summaryCsv, summaryMarkdown } from './summarizeSweep.ts';
import { parseSweepArgs, planRuns, sweepHelp, sweepName, type SweepPlan } from './sweepPlan.ts';
import { games } from '@the-house/games/registry.ts';
import { sweepReport } from './sweepReport.ts';
import { SweepStore } from './sweepStore.ts';

/** A run that failed: the engine refused its config or broke on it. It is reported, not retried in a loop; rerunning the sweep tries it again. */
export interface FailedRun {
  id: string;
  error: string;
}

/** The sweep's outputs from its finished runs: results.csv, summary.csv, summary.md (with ratings and failures), report.html, ratings.json. */
export function writeSweepOutputs(store: SweepStore, game: AnyGame, plan: SweepPlan, results: readonly RunResult[], failed: readonly FailedRun[]): { markdown: string; written: string[] } {
  const rows = summarizeSweep(game, plan, results);
  const { ratings } = runRatings(game.id, results);
  const failures = failed.length ? `\n## Failed runs (${failed.length})\n\n${failed.map((f) => `- ${f.id}: ${f.error}`).join('\n')}\n` : '';
  const markdown = `${summaryMarkdown(rows)}\n${ratingsMarkdown(ratings)}${failures}`;
  const written = [
    store.write('results.csv', resultsCsv(plan, results)),
    store.write('summary.csv', summaryCsv(rows)),
    store.write('summary.md', markdown),
    store.write('report.html', sweepReport(game, plan, results, rows)),
    store.write('ratings.json', ratingsJson(ratings)),
  ];
  return { markdown, written };
}

/**
 * `bun run house sweep <game> ...`: every treatment combination x seed,
 * baselines spread over worker threads, resumable from the out dir; writes
 * results.csv (one row per run and metric), summary.csv and summary.md (mean,
 * 95% CI, paired half test per treatment and metric; policy ratings),
 * report.html and ratings.json; prints the summary. Exit 1 when a run failed
 * (its error is in the summary), 0 otherwise. With `--queue [URL]` the runs
 * are played by queue workers instead (`sweepOnQueue`).
 */
export async function sweepCommand(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    const named = argv[0] ?? '';
    process.stdout.write(sweepHelp(Object.hasOwn(games, named) ? games[named]! : null, Object.keys(games)));
    return 0;
  }
  const { rest, queue, wait } = takeQueueFlags(argv);
  const { plan, out, workers } = parseSweepArgs(rest);
  const game = gameById(plan.game);
  const specs = planRuns(plan, game);
  if (queue !== null) return sweepOnQueue(queueUrl(queue), game, plan, out, specs, wait);
  const store = SweepStore.open(out, plan);
  const done = store.completed();
  const todo = specs.filter((s) => !done.has(s.id));
  const failed: FailedRun[] = [];
  process.stderr.write(`${game.id} sweep: ${specs.length} runs (${specs.length - todo.length} already done) in ${out}\n`);
  if (todo.length) {
    const bar = new SingleBar({ stream: process.stderr, format: `${game.id} sweep [{bar}] {value}/{total} runs | {eta_formatted} left`, hideCursor: true });
    bar.start(specs.length, specs.length - todo.length);
    try {
      const prices = parsePriceTable(process.env.HOUSE_PRICES);
      if (!prices.ok) throw new CliError(prices.error);
      const modelRuns = Number(process.env.HOUSE_SWEEP_MODEL_JOBS ?? 4);
      await runRuns(todo, { workers, modelRuns: Number.isInteger(modelRuns) && modelRuns > 0 ? modelRuns : 4, prices: prices.table }, (reply) => {
        if (reply.ok) {
          store.append(reply.result);
          done.set(reply.result.id, reply.result);
        } else {
          failed.push({ id: reply.id, error: reply.error });
        }
        bar.increment();
      });
    } finally {
      bar.stop();
    }
  }
  const results = specs.map((s) => done.get(s.id)).filter((r): r is RunResult => r !== undefined);
  return finishSweep(store, game, plan, results, failed);
}

/**
 * `sweep ... --queue`: the same plan played by `house worker` processes on any
 * number of machines (see `runOnQueue`); the same outputs, `runs.jsonl`
 * included, written from the results in PostgreSQL once every run is done.
 * With `--no-wait` it enqueues and returns; rerunning the command continues
 * the same sweep (its name comes from its plan).
 */
async function sweepOnQueue(url: string, game: AnyGame, plan: SweepPlan, out: string, specs: readonly RunSpec[], wait: boolean): Promise<number> {
  // Opened first, so an out dir of another sweep is refused before anything is enqueued.
  const store = wait ? SweepStore.open(out, plan) : null;
  const outcome = await runOnQueue(url, { name: sweepName(plan), kind: 'sweep', game: game.id, plan: JSON.stringify(plan), specs, label: `${game.id} sweep`, unit: 'runs' }, wait);
  if (!outcome || !store) return 0;
  const results = specs.flatMap((s) => outcome.results.get(s.id) ?? []);
  store.write('runs.jsonl', results.map((r) => `${runJson(r)}\n`).join(''));
  return finishSweep(store, game, plan, results, outcome.failed);
}

function finishSweep(store: SweepStore, game: AnyGame, plan: SweepPlan, results: readonly RunResult[], failed: readonly FailedRun[]): number {
  const { markdown, written } = writeSweepOutputs(store, game, plan, results, failed);
  process.stdout.write(markdown);
  process.stderr.write(`wrote ${written.join(', ')}\n`);
  if (failed.length) process.stderr.write(`${failed.length} run${failed.length > 1 ? 's' : ''} failed (see summary.md); rerun the same command to try them again\n`);
  return failed.length ? 1 : 0;
}
