import { runOnQueue } from '../queue/queueRuns.ts';
import { gameById } from '../sweep/playRun.ts';
import { runRuns } from '../sweep/runRuns.ts';
import type { RunSpec } from '../sweep/runSpec.ts';
import { parseSweepArgs, planRuns, sweepName } from '../sweep/sweepPlan.ts';
import { freshDatabase } from '../testing/freshDatabase.ts';
import { spawnWorker, type WorkerProcess } from '../testing/queueHarness.ts';
import { startOpenAiStub } from '../testing/openaiStub.ts';

/** 200 gold-mining runs, 10 players, 200 rounds: 100 seeds x 2 truces. */
const GOLDMINE = ['goldmine', '--seeds', '100', '--rounds', '200', '--players', '10', '--population', 'greedy-mine:5,defend-then-mine:5', '--treatment', 'truce=1,3'];
/** 8 runs of Trust, 4 rounds, 8 model seats: 256 seat decisions, the stub answering each model call after 300 ms. */
const MODELS = ['trust', '--seeds', '8', '--rounds', '4', '--population', 'model:gpt-4o-mini:8'];

function plan(args: string[]): { name: string; game: string; plan: string; specs: RunSpec[] } {
  const { plan } = parseSweepArgs(args);
  return { name: sweepName(plan), game: plan.game, plan: JSON.stringify(plan), specs: planRuns(plan, gameById(plan.game)) };
}

/** Seconds for the sweep on a fresh database with `count` worker processes started beforehand (each with `args`). */
async function queueSeconds(server: string, sweep: ReturnType<typeof plan>, count: number, args: string[], env?: Record<string, string | undefined>): Promise<number> {
  const db = await freshDatabase(server, 'house_queue_bench');
  const workers: WorkerProcess[] = [];
  try {
    for (let i = 0; i < count; i++) workers.push(spawnWorker(db.url, args, env));
    await Promise.all(workers.map((w) => w.ready));
    const started = performance.now();
    const outcome = await runOnQueue(db.url, { ...sweep, kind: 'sweep', label: `${sweep.game} sweep`, unit: 'runs' }, true, () => {});
    const seconds = (performance.now() - started) / 1000;
    if (!outcome || outcome.failed.length || outcome.results.size !== sweep.specs.length) throw new Error(`the queue bench sweep did not finish cleanly: ${JSON.stringify(outcome?.failed.slice(0, 3))}`);
    return seconds;
  } finally {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await db.drop();
  }
}

/**
 * The queue against one machine's worker threads, on the PostgreSQL of
 * HOUSE_BENCH_POSTGRES_URL or HOUSE_TEST_POSTGRES_URL (no figures without
 * one): a 200-run gold-mining sweep (10 players, 200 rounds) played by 1, 2
 * and 4 worker processes of one thread each, in runs per second; the queue's
 * overhead per run (queue with 1 worker against a local sweep on 1 thread);
 * and a sweep of 8 model seats against the loopback stub answering in 300 ms,
 * by 1 worker and by 2 (each with the full provider limits, then each with
 * half of them, as two machines on one account).
 */
export async function bench(): Promise<Record<string, number>> {
  const server = process.env.HOUSE_BENCH_POSTGRES_URL ?? process.env.HOUSE_TEST_POSTGRES_URL;
  if (!server) {
    process.stderr.write('  queue bench skipped: set HOUSE_BENCH_POSTGRES_URL or HOUSE_TEST_POSTGRES_URL to a PostgreSQL that may create databases\n');
    return {};
  }
  const figures: Record<string, number> = {};
  const goldmine = plan(GOLDMINE);
  const runs = goldmine.specs.length;
  const started = performance.now();
  await runRuns(goldmine.specs, { workers: 1 }, (reply) => {
    if (!reply.ok) throw new Error(reply.error);
  });
  const local = (performance.now() - started) / 1000;
  figures['queue.goldmine_local_1thread_runs_per_sec'] = runs / local;
  for (const count of [1, 2, 4]) {
    const seconds = await queueSeconds(server, goldmine, count, ['--concurrency', '1']);
    figures[`queue.goldmine_${count}worker_runs_per_sec`] = runs / seconds;
    if (count === 1) figures['queue.overhead_ms_per_run'] = ((seconds - local) * 1000) / runs;
  }

  const stub = startOpenAiStub({ latencyMs: 300 });
  const saved = process.env.OPENAI_API_KEY;
  try {
    // The sweep's plan checks that model seats have a key; the workers get theirs below.
    process.env.OPENAI_API_KEY = 'stub';
    const models = plan(MODELS);
    const env = { ...process.env, OPENAI_API_KEY: 'stub', OPENAI_BASE_URL: stub.baseUrl, HOUSE_MODEL_MAX_IN_FLIGHT: '8' };
    // Two runs at once per worker: more than one worker takes alone, so a second worker finds runs to take.
    const one = await queueSeconds(server, models, 1, ['--concurrency', '1', '--model-runs', '2'], env);
    const two = await queueSeconds(server, models, 2, ['--concurrency', '1', '--model-runs', '2'], env);
    const halves = await queueSeconds(server, models, 2, ['--concurrency', '1', '--model-runs', '2', '--provider-share', '0.5'], env);
    figures['queue.model8_1worker_runs_per_sec'] = models.specs.length / one;
    figures['queue.model8_2workers_runs_per_sec'] = models.specs.length / two;
    figures['queue.model8_2workers_half_limit_runs_per_sec'] = models.specs.length / halves;
  } finally {
    if (saved === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = saved;
    await stub.stop();
  }
  return figures;
}
