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
import { finishedKeys, writeResult } from './resultStore.ts';
import { runQueue } from './runKey.ts';

export interface QueueWorkerOptions {
  url: string;
  /** Baseline runs played at once, one per worker thread. */
  concurrency: number;
  /** Runs with model seats played at once (0: this worker takes none). */
  modelRuns: number;
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

/** Baseline jobs a worker takes at once, per thread: the threads stay busy while a batch's last run finishes and its results are written. */
const BATCH = 4;

/**
 * `house worker`: takes run jobs of the given games from the queue and plays
 * each with the code a local sweep uses (baselines on worker threads through
 * `RunPool`, model seats through `playModelRun` and this process's provider
 * gates), writes each result in one transaction (`writeResult`), then
 * completes the job. A run whose result is already there (another worker
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

  const settle = (handler: (spec: RunSpec) => Promise<RunReply>) => async (jobs: Job<unknown>[]): Promise<JobResult[]> => {
    const done = await finishedKeys(sql, jobs.map((j) => j.id));
    return Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
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
          const reply = await handler(checked.spec);
          if (!reply.ok) {
            counts.failed += 1;
            opts.log(`run ${reply.id} failed: ${reply.error}`);
            return { id: job.id, status: 'deadletter', output: { error: reply.error } };
          }
          await writeResult(sql, job.id, reply.result, { game: checked.spec.game, worker, elapsedMs: performance.now() - started });
          counts.played += 1;
          return { id: job.id, status: 'completed', output: { run: checked.spec.id } };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          opts.log(`run ${checked.spec.id} goes back to the queue: ${message}`);
          return { id: job.id, status: 'failed', output: { error: message } };
        }
      }),
    );
  };

  const playModel = (spec: RunSpec): Promise<RunReply> =>
    playModelRun(spec, opts.prices, opts.env).then(
      (result): RunReply => ({ ok: true, result }),
      (error: unknown): RunReply => ({ ok: false, id: spec.id, error: error instanceof Error ? error.message : String(error) }),
    );

  for (const game of opts.games) {
    await boss.work(
      runQueue(game, false),
      { batchSize: BATCH, localConcurrency: opts.concurrency, perJobResults: true, burstWhenBatchFull: true, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
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
