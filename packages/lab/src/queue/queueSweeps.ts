import { SQL } from 'bun';
import { redactIn } from './queueUrl.ts';
import { sweepProgress, type SweepProgress } from './sweepProgress.ts';

/** How long one reading serves: the House tab polls every few seconds, a big sweep's count is a join over its runs. */
const FRESH_MS = 5000;

const clients = new Map<string, SQL>();
const readings = new Map<string, { at: number; value: Promise<QueueSweeps> }>();

export type QueueSweeps = { ok: true; sweeps: SweepProgress[] } | { ok: false; error: string };

/**
 * The newest sweeps and tournaments on the queue at `url`, with their
 * progress, for the House tab: read at most every 5 seconds over one small
 * connection kept per URL, never throwing (a database that fails gives its
 * error, the password hidden). No tables yet: no sweeps.
 */
export function queueSweeps(url: string, limit = 20): Promise<QueueSweeps> {
  const key = `${url}\n${limit}`;
  const last = readings.get(key);
  if (last && Date.now() - last.at < FRESH_MS) return last.value;
  let sql = clients.get(url);
  if (!sql) {
    sql = new SQL(url, { max: 1, idleTimeout: 60, connectionTimeout: 5 });
    clients.set(url, sql);
  }
  const value = sweepProgress(sql, { limit }).then(
    (sweeps): QueueSweeps => ({ ok: true, sweeps }),
    (error: unknown): QueueSweeps => ({ ok: false, error: redactIn(error instanceof Error ? error.message : String(error), url).split('\n')[0]! }),
  );
  readings.set(key, { at: Date.now(), value });
  return value;
}
