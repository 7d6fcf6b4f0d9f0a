import { runSweepJob, type SweepJob, type SweepResult } from './sweepJob.ts';

type Reply = { ok: true; result: SweepResult } | { ok: false; id: string; error: string };

/**
 * Runs jobs on `workers` threads (0: in this thread), handing each idle worker
 * the next job, and calls `done` as each result arrives (in completion order).
 */
export async function runJobs(jobs: readonly SweepJob[], workers: number, done: (result: SweepResult) => void): Promise<void> {
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
