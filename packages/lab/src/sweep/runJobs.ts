import type { PriceTable } from '../models/priceTable.ts';
import { hasModelSeats, runModelSweepJob } from './modelSweepJob.ts';
import { runSweepJob, type SweepJob, type SweepResult } from './sweepJob.ts';

type Reply = { ok: true; result: SweepResult } | { ok: false; id: string; error: string };

/**
 * Runs jobs and calls `done` as each result arrives (in completion order):
 * baseline runs on `workers` threads (0: in this thread), each idle worker
 * handed the next job; runs with model seats on this thread, `modelJobs` at
 * once, their model calls paced by the provider's gate.
 */
export async function runJobs(jobs: readonly SweepJob[], workers: number, done: (result: SweepResult) => void, modelJobs = 4, prices: PriceTable = {}): Promise<void> {
  const withModels = jobs.filter(hasModelSeats);
  await Promise.all([runBaselineJobs(jobs.filter((j) => !hasModelSeats(j)), workers, done), runModelJobs(withModels, modelJobs, prices, done)]);
}

async function runModelJobs(jobs: readonly SweepJob[], parallel: number, prices: PriceTable, done: (result: SweepResult) => void): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) done(await runModelSweepJob(jobs[next++]!, prices));
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, parallel), jobs.length) }, lane));
}

async function runBaselineJobs(jobs: readonly SweepJob[], workers: number, done: (result: SweepResult) => void): Promise<void> {
  if (jobs.length === 0) return;
  if (workers <= 0) {
    for (const job of jobs) done(runSweepJob(job));
    return;
  }
  let next = 0;
  const pool = Array.from({ length: Math.min(workers, jobs.length) }, () => new Worker(new URL('./sweepWorker.ts', import.meta.url)));
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = (): void => {
              if (next >= jobs.length) return resolve();
              worker.postMessage(jobs[next++]);
            };
            worker.onmessage = (e: MessageEvent<Reply>) => {
              const reply = e.data;
              if (!reply.ok) return reject(new Error(`run ${reply.id} failed: ${reply.error}`));
              done(reply.result);
              feed();
            };
            worker.onerror = (e) => reject(new Error(`sweep worker failed: ${e.message}`));
            feed();
          }),
      ),
    );
  } finally {
    for (const worker of pool) worker.terminate();
  }
}
