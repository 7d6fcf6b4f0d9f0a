import { SingleBar } from 'cli-progress';
import type { SQL } from 'bun';
import type { PgBoss } from 'pg-boss';
import { CliError } from '../cli/cliError.ts';
import type { RunResult, RunSpec } from '../sweep/runSpec.ts';
import { jobStates } from './jobStates.ts';
import { ensureQueues, startBoss } from './labBoss.ts';
import { dbError, openLabDb } from './labDb.ts';
import { redactUrl } from './queueUrl.ts';
import { finishedKeys, readResults } from './resultStore.ts';
import { queueOfSpec, runKey } from './runKey.ts';
import { sweepTally } from './sweepProgress.ts';
import { registerSweep, type RegisteredRun } from './sweepRegistry.ts';
import { printable } from '../cli/printable.ts';

/** An experiment to play on the queue: its name (from its plan), what it is, and its runs in plan order. */
export interface QueuedExperiment {
  name: string;
  kind: 'sweep' | 'tournament';
  game: string;
  /** The plan's JSON, which names the experiment. */
  plan: string;
  specs: readonly RunSpec[];
  /** The progress bar's label and unit: `goldmine sweep`, `runs`. */
  label: string;
  unit: string;
}

export interface QueueOutcome {
  /** Finished runs by run id (the spec's `id`). */
  results: Map<string, RunResult>;
  failed: Array<{ id: string; error: string }>;
}

/** How long the sweep waits between looks at the tables. */
const POLL_MS = 200;
/** How long it waits without any run taken before it says that no worker is there. */
const NO_WORKER_MS = 10_000;
/** Jobs per insert statement. */
const INSERT_CHUNK = 500;

async function enqueue(boss: PgBoss, runs: ReadonlyArray<{ run: RegisteredRun; spec: RunSpec }>): Promise<number> {
  const byQueue = new Map<string, Array<{ run: RegisteredRun; spec: RunSpec }>>();
  for (const r of runs) byQueue.set(r.run.queue, [...(byQueue.get(r.run.queue) ?? []), r]);
  let added = 0;
  for (const [queue, list] of byQueue) {
    for (let from = 0; from < list.length; from += INSERT_CHUNK) {
      // The spec travels as its JSON text: jsonb would reorder its keys, and a treatment's key order names its label.
      const jobs = list.slice(from, from + INSERT_CHUNK).map(({ run, spec }) => ({ id: run.key, data: { id: run.id, spec: JSON.stringify(spec) } }));
      added += (await boss.insert(queue, jobs, { returnId: true }))?.length ?? 0;
    }
  }
  return added;
}

/**
 * Plays an experiment's runs on the queue: records it, enqueues one job per
 * run not yet finished (keyed by the hash of its spec, so a second enqueue
 * adds nothing), sends failed runs back to the queue (a rerun tries them
 * again, as a local sweep does), then, unless `wait` is false, shows the
 * progress until every run is finished or failed, and returns the results.
 * Workers anywhere play them (`house worker`).
 */
export async function runOnQueue(url: string, experiment: QueuedExperiment, wait: boolean, log: (line: string) => void = (line) => process.stderr.write(`${printable(line)}\n`)): Promise<QueueOutcome | null> {
  const sql = await openLabDb(url, 2);
  let boss: PgBoss | null = null;
  try {
    boss = await startBoss(url, 'client', log);
    const runs = experiment.specs.map((spec) => ({ spec, run: { key: runKey(spec), id: spec.id, queue: queueOfSpec(spec) } }));
    const queues = [...new Set(runs.map((r) => r.run.queue))];
    await registerSweep(sql, experiment, runs.map((r) => r.run));
    await ensureQueues(boss, [experiment.game]);
    const keys = runs.map((r) => r.run.key);
    const done = await finishedKeys(sql, keys);
    const open = runs.filter((r) => !done.has(r.run.key));
    const added = await enqueue(boss, open);
    const states = await jobStates(sql, open.map((r) => r.run.key), queues);
    const failed = open.filter((r) => states.get(r.run.key)?.state === 'failed');
    for (const queue of queues) {
      const ids = failed.filter((r) => r.run.queue === queue).map((r) => r.run.key);
      if (ids.length) await boss.retry(queue, ids);
    }
    log(
      `${experiment.label}: ${runs.length} ${experiment.unit} on the queue as ${experiment.name} at ${redactUrl(url)}: ${done.size} done, ${added} enqueued now${failed.length ? `, ${failed.length} failed before and sent back` : ''}`,
    );
    await boss.stop({ graceful: false });
    boss = null;
    if (!wait) {
      log(`not waiting: follow it with \`bun run house sweep-status ${experiment.name}\`; rerun this command to wait for it and write the outputs`);
      return null;
    }
    log(`waiting for workers (Ctrl-C leaves the ${experiment.unit} on the queue; rerun this command to collect them)`);
    return await waitForRuns(sql, url, experiment, runs, done.size, log);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw dbError(url, error);
  } finally {
    await boss?.stop({ graceful: false }).catch(() => {});
    await sql.close().catch(() => {});
  }
}

async function waitForRuns(
  sql: SQL,
  url: string,
  experiment: QueuedExperiment,
  runs: ReadonlyArray<{ spec: RunSpec; run: RegisteredRun }>,
  before: number,
  log: (line: string) => void,
): Promise<QueueOutcome> {
  const bar = new SingleBar({ stream: process.stderr, format: `${experiment.label} [{bar}] {value}/{total} ${experiment.unit} | {eta_formatted} left (queue)`, hideCursor: true });
  bar.start(runs.length, before);
  // A big sweep is looked at less often: each look counts its runs in the database.
  const every = runs.length <= 2000 ? POLL_MS : 5 * POLL_MS;
  const started = Date.now();
  let told = false;
  let tally = await sweepTally(sql, experiment.name);
  try {
    while (tally.done + tally.failed.length < runs.length) {
      await Bun.sleep(every);
      tally = await sweepTally(sql, experiment.name);
      bar.update(tally.done + tally.failed.length);
      if (!told && tally.running === 0 && tally.done === before && Date.now() - started > NO_WORKER_MS) {
        told = true;
        log(`\nno worker has taken a run yet: start \`bun run house worker\` with HOUSE_QUEUE_URL=${redactUrl(url)} on any machine (Ctrl-C here leaves the ${experiment.unit} on the queue)`);
      }
    }
  } finally {
    bar.stop();
  }
  const byKey = await readResults(sql, runs.map((r) => r.run.key));
  const results = new Map<string, RunResult>();
  for (const { run } of runs) {
    const result = byKey.get(run.key);
    if (result) results.set(run.id, result);
  }
  const failures = new Map(tally.failed.map((f) => [f.key, f.error]));
  const failed = runs.flatMap(({ run }) => (failures.has(run.key) && !results.has(run.id) ? [{ id: run.id, error: failures.get(run.key)! }] : []));
  return { results, failed };
}
