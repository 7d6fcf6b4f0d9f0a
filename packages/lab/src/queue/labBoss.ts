import { PgBoss, type Queue } from 'pg-boss';
import { BOSS_SCHEMA, dbError } from './labDb.ts';
import { redactIn } from './queueUrl.ts';
import { runQueue } from './runKey.ts';
import { printable } from '../cli/printable.ts';

/**
 * How the queue treats a run's job. A worker heartbeats each job it holds
 * every 5 s; a job whose worker went silent for 10 s (killed, machine gone)
 * is failed by the next monitor pass and retried from the start by another
 * worker, up to 5 times (a run that kills every worker that takes it ends as
 * a failed job, not a loop). A poisoned run (the engine fails on its config)
 * is failed at once, without retries, by the worker. Expiry bounds a run
 * that hangs while its worker lives.
 */
export function queueOptions(model: boolean): Omit<Queue, 'name'> {
  return {
    retryLimit: 5,
    retryDelay: 1,
    heartbeatSeconds: 10,
    expireInSeconds: model ? 12 * 3600 : 3600,
    notify: true,
  };
}

/** Seconds between the monitor passes that fail jobs whose worker went silent. */
const SUPERVISE_SECONDS = 5;

/**
 * pg-boss on the queue's database, started (its schema created or migrated
 * on first use). Workers supervise (expire silent jobs, keep the tables
 * tidy); a sweep that only enqueues and waits does not. Errors pg-boss
 * reports in the background are printed as one line, the password hidden.
 */
export async function startBoss(url: string, role: 'worker' | 'client', onError: (line: string) => void = (line) => process.stderr.write(`${printable(line)}\n`)): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: BOSS_SCHEMA,
    application_name: `house-lab ${role}`,
    max: role === 'worker' ? 6 : 3,
    supervise: role === 'worker',
    schedule: false,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  boss.on('error', (error: unknown) => onError(`queue: ${redactIn(error instanceof Error ? error.message : String(error), url)}`));
  try {
    await boss.start();
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => {});
    throw dbError(url, error);
  }
  return boss;
}

/** The two queues of each game, created if missing (pg-boss keeps an existing queue as it is). */
export async function ensureQueues(boss: PgBoss, games: readonly string[]): Promise<void> {
  for (const game of games) {
    for (const model of [false, true]) {
      const name = runQueue(game, model);
      if (!(await boss.getQueue(name))) await boss.createQueue(name, queueOptions(model));
    }
  }
}
