import type { PriceTable } from '../models/priceTable.ts';
import { playModelRun } from './playModelRun.ts';
import { playRunReply } from './playRun.ts';
import { hasModelSeats, type RunReply, type RunSpec } from './runSpec.ts';

export interface RunRunsOptions {
  /** Worker threads for baseline runs (0: this thread). */
  workers: number;
  /** Runs with model seats played at once on this thread (their calls are paced by the provider's gate anyway). */
  modelRuns?: number;
  prices?: PriceTable;
  env?: Record<string, string | undefined>;
}

/**
 * Plays runs and calls `done` as each result arrives (in completion order):
 * baseline runs on worker threads, each idle worker handed the next batch
 * (small batches near the end, so the threads finish together); runs with
 * model seats on this thread. Sweeps, tournaments and queue workers all play
 * through here, so a run gives the same result wherever it is played.
 */
export async function runRuns(specs: readonly RunSpec[], opts: RunRunsOptions, done: (reply: RunReply) => void): Promise<void> {
  const models = specs.filter(hasModelSeats);
  await Promise.all([
    runBaselines(
      specs.filter((s) => !hasModelSeats(s)),
      opts.workers,
      done,
    ),
    runModels(models, opts.modelRuns ?? 4, opts.prices ?? {}, opts.env ?? process.env, done),
  ]);
}

async function runModels(specs: readonly RunSpec[], parallel: number, prices: PriceTable, env: Record<string, string | undefined>, done: (reply: RunReply) => void): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < specs.length) {
      const spec = specs[next++]!;
      done(await playModelRun(spec, prices, env).then((result): RunReply => ({ ok: true, result }), (error: unknown): RunReply => ({ ok: false, id: spec.id, error: error instanceof Error ? error.message : String(error) })));
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, parallel), specs.length) }, lane));
}

async function runBaselines(specs: readonly RunSpec[], workers: number, done: (reply: RunReply) => void): Promise<void> {
  if (specs.length === 0) return;
  if (workers <= 0) {
    for (const spec of specs) done(playRunReply(spec));
    return;
  }
  let next = 0;
  const take = (): RunSpec[] => {
    const left = specs.length - next;
    const size = Math.max(1, Math.min(64, Math.floor(left / (workers * 4))));
    const batch = specs.slice(next, next + size);
    next += batch.length;
    return batch;
  };
  const pool = Array.from({ length: Math.min(workers, specs.length) }, () => new Worker(new URL('./runWorker.ts', import.meta.url)));
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = (): void => {
              if (next >= specs.length) return resolve();
              worker.postMessage(take());
            };
            worker.onmessage = (e: MessageEvent<RunReply[]>) => {
              for (const reply of e.data) done(reply);
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
