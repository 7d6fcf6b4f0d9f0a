import { SingleBar } from 'cli-progress';
import { MAX_MINE } from '../goldmineConfig.ts';
import { sweepReport } from '../report/sweepReport.ts';
import { runJobs } from './runJobs.ts';
import { parseSweepArgs, planJobs } from './sweepArgs.ts';
import type { SweepResult } from './sweepJob.ts';
import { SweepStore } from './sweepStore.ts';
import { resultsCsv, summarizeSweep, summaryCsv, summaryMarkdown } from './summarizeSweep.ts';

/**
 * `bun run house sweep goldmine ...`: every treatment combination x seed, spread
 * over worker threads, resumable from the out dir; writes results.csv (one row
 * per run and metric), summary.csv and summary.md (mean, 95% CI, paired
 * half test per treatment and metric) and report.html; prints the summary.
 */
export async function sweepCommand(argv: string[]): Promise<number> {
  const { plan, out, workers } = parseSweepArgs(argv);
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
      await runJobs(todo, workers, (result) => {
        store.append(result);
        done.set(result.id, result);
        bar.increment();
      });
    } finally {
      bar.stop();
    }
  }
  const results = jobs.map((j) => done.get(j.id)).filter((r): r is SweepResult => r !== undefined);
  const rows = summarizeSweep(plan, results);
  const markdown = summaryMarkdown(rows);
  const written = [
    store.write('results.csv', resultsCsv(plan, results)),
    store.write('summary.csv', summaryCsv(rows)),
    store.write('summary.md', markdown),
    store.write('report.html', sweepReport(plan, results, rows)),
  ];
  process.stdout.write(markdown);
  process.stderr.write(`wrote ${written.join(', ')}\n`);
  return 0;
}
