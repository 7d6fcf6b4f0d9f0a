import { SingleBar } from 'cli-progress';
import { CliError } from '../cli/cliError.ts';
import { parsePriceTable } from '../models/priceTable.ts';
import { emptyRatings, leaderboard, matchResult, rateMatch, ratingsJson, type Ratings } from '../ratings/index.ts';
import { MAX_MINE } from '@the-house/games/goldmine/goldmineConfig.ts';
import { sweepReport } from '../games/goldmine/sweepReport.ts';
import { runJobs } from './runJobs.ts';
import { parseSweepArgs, planJobs } from './sweepArgs.ts';
import type { SweepResult } from './sweepJob.ts';
import { SweepStore } from './sweepStore.ts';
import { resultsCsv, summarizeSweep, summaryCsv, summaryMarkdown } from './summarizeSweep.ts';

/**
 * The policies rated over the sweep's runs, in plan order (so the same sweep
 * gives the same ratings): each run ranks its seats by final gold, the
 * richest winning, each seat as its policy.
 */
export function sweepRatings(results: readonly SweepResult[]): Ratings {
  let ratings = emptyRatings('goldmine');
  for (const r of results) {
    if (!r.gold) continue;
    const seats = r.lineup.map((policy, i) => ({ player: `s${i}`, participant: policy, score: r.gold![i]! }));
    const best = Math.max(...seats.map((s) => s.score));
    const outcome = { over: true, winners: seats.filter((s) => s.score === best).map((s) => s.player), kind: 'limit' };
    ratings = rateMatch(ratings, matchResult(outcome, seats));
  }
  return ratings;
}

function ratingsMarkdown(ratings: Ratings): string {
  const rows = leaderboard(ratings);
  if (!rows.length) return '';
  const lines = rows.map((r) => `| ${r.rank} | ${r.participant} | ${r.ordinal.toFixed(2)} | ${r.mu.toFixed(2)} | ${r.low.toFixed(1)} .. ${r.high.toFixed(1)} | ${r.matches} | ${r.wins} |`);
  return ['## Policy ratings (openskill; rating = mu - 3 sigma)', '', '| # | policy | rating | mu | mu ± 2σ | runs | wins |', '|---|---|---|---|---|---|---|', ...lines, ''].join('\n');
}

/**
 * `bun run house sweep goldmine ...`: every treatment combination x seed, spread
 * over worker threads, resumable from the out dir; writes results.csv (one row
 * per run and metric), summary.csv and summary.md (mean, 95% CI, paired
 * half test per treatment and metric) and report.html; prints the summary.
 */
export async function sweepCommand(argv: string[]): Promise<number> {
  const { plan, out, workers } = parseSweepArgs(argv[0] === 'goldmine' ? argv.slice(1) : argv);
  const store = SweepStore.open(out, plan);
  const done = store.completed();
  const jobs = planJobs(plan);
  const todo = jobs.filter((j) => !done.has(j.id));
  process.stderr.write(`goldmine sweep: ${jobs.length} runs (${jobs.length - todo.length} already done) in ${out}\n`);
  if (jobs.some((j) => j.config.cap > MAX_MINE)) {
    process.stderr.write(`note: a cap above ${MAX_MINE} never binds, since one mine action takes k = 0..${MAX_MINE} (RULES 2); it only lowers efficiency's maximum\n`);
  }
  if (todo.length) {
    const bar = new SingleBar({ stream: process.stderr, format: 'goldmine sweep [{bar}] {value}/{total} runs | {eta_formatted} left', hideCursor: true });
    bar.start(jobs.length, jobs.length - todo.length);
    try {
      const prices = parsePriceTable(process.env.HOUSE_PRICES);
      if (!prices.ok) throw new CliError(prices.error);
      const modelJobs = Number(process.env.HOUSE_SWEEP_MODEL_JOBS ?? 4);
      await runJobs(
        todo,
        workers,
        (result) => {
          store.append(result);
          done.set(result.id, result);
          bar.increment();
        },
        Number.isInteger(modelJobs) && modelJobs > 0 ? modelJobs : 4,
        prices.table,
      );
    } finally {
      bar.stop();
    }
  }
  const results = jobs.map((j) => done.get(j.id)).filter((r): r is SweepResult => r !== undefined);
  const rows = summarizeSweep(plan, results);
  const ratings = sweepRatings(results);
  const markdown = `${summaryMarkdown(rows)}\n${ratingsMarkdown(ratings)}`;
  const written = [
    store.write('results.csv', resultsCsv(plan, results)),
    store.write('summary.csv', summaryCsv(rows)),
    store.write('summary.md', markdown),
    store.write('report.html', sweepReport(plan, results, rows)),
    store.write('ratings.json', ratingsJson(ratings)),
  ];
  process.stdout.write(markdown);
  process.stderr.write(`wrote ${written.join(', ')}\n`);
  return 0;
}
