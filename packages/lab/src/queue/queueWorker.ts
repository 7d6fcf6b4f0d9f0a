import { hostname } from 'node:os';
import type { SQL } from 'bun';
import type { Job, JobResult, PgBoss } from 'pg-boss';
import type { PriceTable } from '../models/priceTable.ts';
import { playModelRun } from '../sweep/playModelRun.ts';
import { RunPool } from '../sweep/runPool.ts';
import type { RunReply, RunSpec } from '../sweep/runSpec.ts';
import { jobSpec } from './jobSpec.ts';
import { ensureQueues, startBoss } from './labBoss.ts';
import { openLabDb } from './labDb.ts';
import { redactUrl } from './queueUrl.ts';
import { finishedKeys, writeResults, type FinishedRun } from './resultStore.ts';
import { runQueue } from './runKey.ts';

export interface QueueWorkerOptions {
  url: string;
  /** Baseline runs played at once, one per worker thread. */
  concurrency: number;
  /** Runs with model seats played at once (0: this worker takes none). */
  modelRuns: number;
  /** Baseline jobs taken per fetch (default 8; 1 spreads a small sweep over every worker). */
  batch?: number;
  games: readonly string[];
  prices: PriceTable;
  /** The environment model seats read (OPENAI_*, HOUSE_MODEL_*, HOUSE_PROVIDER_SHARE). */
  env: Record<string, string | undefined>;
  log: (line: string) => void;
}

export interface QueueWorker {
  /** Stops taking jobs, lets the runs in hand finish for up to `graceMs`, returns the rest to the queue (another worker plays them from the start), closes. */
  stop(graceMs: number): Promise<void>;
  counts(): { played: number; failed: number; skipped: number };
}

/**
 * Baseline jobs taken at once by each of two fetch loops per thread: a batch
 * is fetched, played and written with one commit each (a commit waits for
 * the disk: 3 to 4 ms here, half a gold-mining run), and while one loop
 * writes, the other's runs keep the thread busy.
 */
export const DEFAULT_BATCH = 8;

/**
 * `house worker`: takes run jobs of the given games from the queue and plays
 * each with the code a local sweep uses (baselines on worker threads through
 * `RunPool`, model seats through `playModelRun` and this process's provider
 * gates), writes the results of each batch of jobs in one transaction
 * (`writeResults`), then completes the jobs. A run whose result is already there (another worker
 * played it before its job was given up) is completed without playing. A
 * poisoned run (the engine fails on it) fails its job at once, with the
 * error, and is not retried; anything else that goes wrong (a dead thread,
 * the database) fails the job for another try.
 */
export async function startQueueWorker(opts: QueueWorkerOptions): Promise<QueueWorker> {
  const sql = await openLabDb(opts.url, Math.min(10, 2 + opts.concurrency + opts.modelRuns));
  let boss: PgBoss;
  try {
    boss = await startBoss(opts.url, 'worker', opts.log);
    await ensureQueues(boss, opts.games);
  } catch (error) {
    await sql.close().catch(() => {});
    throw error;
  }
  const pool = new RunPool(opts.concurrency);
  const worker = `${hostname()}:${process.pid}`;
  const counts = { played: 0, failed: 0, skipped: 0 };

  const settle =
    (play: (spec: RunSpec) => Promise<RunReply>) =>
    async (jobs: Job<unknown>[]): Promise<JobResult[]> => {
      const done = await finishedKeys(sql, jobs.map((j) => j.id));
      const finished: FinishedRun[] = [];
      const settled = await Promise.all(
        jobs.map(async (job): Promise<JobResult | null> => {
          if (done.has(job.id)) {
            counts.skipped += 1;
            return { id: job.id, status: 'completed', output: { already: true } };
          }
          const checked = jobSpec(job.id, job.data);
          if (!checked.ok) {
            counts.failed += 1;
            opts.log(`job ${job.id} failed: ${checked.error}`);
            return { id: job.id, status: 'deadletter', output: { error: checked.error } };
          }
          const started = performance.now();
          try {
            const reply = await play(checked.spec);
            if (!reply.ok) {
              counts.failed += 1;
              opts.log(`run ${reply.id} failed: ${reply.error}`);
              return { id: job.id, status: 'deadletter', output: { error: reply.error } };
            }
            finished.push({ key: job.id, game: checked.spec.game, result: reply.result, worker, elapsedMs: performance.now() - started });
            return null;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            opts.log(`run ${checked.spec.id} goes back to the queue: ${message}`);
            return { id: job.id, status: 'failed', output: { error: message } };
          }
        }),
      );
      let written: Set<string> | null = null;
      let writeError = '';
      try {
        written = await writeResults(sql, finished);
      } catch (error) {
        writeError = error instanceof Error ? error.message : String(error);
        opts.log(`${finished.length} results go back to the queue: ${writeError}`);
      }
      for (const run of finished) {
        if (written?.has(run.key)) counts.played += 1;
        else if (written) counts.skipped += 1;
      }
      const byKey = new Map(finished.map((run) => [run.key, run]));
      return jobs.map((job, i): JobResult => {
        const run = byKey.get(job.id);
        if (!run) return settled[i]!;
        return written ? { id: job.id, status: 'completed', output: { run: run.result.id } } : { id: job.id, status: 'failed', output: { error: writeError } };
      });
    };

  const playModel = (spec: RunSpec): Promise<RunReply> =>
    playModelRun(spec, opts.prices, opts.env).then(
      (result): RunReply => ({ ok: true, result }),
      (error: unknown): RunReply => ({ ok: false, id: spec.id, error: error instanceof Error ? error.message : String(error) }),
    );

  for (const game of opts.games) {
    await boss.work(
      runQueue(game, false),
      { batchSize: opts.batch ?? DEFAULT_BATCH, localConcurrency: 2 * opts.concurrency, perJobResults: true, burstWhenBatchFull: true, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
      settle((spec) => pool.play(spec)),
    );
    if (opts.modelRuns > 0) {
      await boss.work(
        runQueue(game, true),
        { batchSize: 1, localConcurrency: opts.modelRuns, perJobResults: true, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
        settle(playModel),
      );
    }
  }
  opts.log(
    `worker ${worker} on ${redactUrl(opts.url)}: ${opts.games.join(', ')}; ${opts.concurrency} run thread${opts.concurrency > 1 ? 's' : ''}, ${opts.modelRuns ? `${opts.modelRuns} model runs at once` : 'no model runs'}`,
  );

  let stopping: Promise<void> | null = null;
  return {
    counts: () => ({ ...counts }),
    stop(graceMs) {
      stopping ??= (async () => {
        await boss.stop({ graceful: true, timeout: graceMs, close: true }).catch((error: unknown) => opts.log(`queue: ${error instanceof Error ? error.message : String(error)}`));
        pool.close();
        await sql.close().catch(() => {});
      })();
      return stopping;
    },
  };
}
