import type { SQL } from 'bun';
import { BOSS_SCHEMA } from './labDb.ts';

export interface JobState {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  /** Why a failed job failed, as its worker or pg-boss's monitor said. */
  error: string | null;
}

/** The reason in a failed job's output: ours (`{error}`), a thrown error's (`{message}`), or pg-boss's expiry (`{value: {message}}`). */
export function reasonOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return typeof output === 'string' ? output : null;
  const o = output as { error?: unknown; message?: unknown; value?: unknown };
  if (typeof o.error === 'string') return o.error;
  if (typeof o.message === 'string') return o.message;
  return reasonOf(o.value);
}

/**
 * The jobs of these run keys as pg-boss holds them (a run with no job is
 * absent: never enqueued, or deleted after pg-boss's retention). Read-only,
 * from pg-boss's job table (pg-boss 12's schema), in one statement per
 * 5,000 keys, which pg-boss's own API (one job per call) cannot do.
 */
export async function jobStates(sql: SQL, keys: readonly string[], queues: readonly string[]): Promise<Map<string, JobState>> {
  const states = new Map<string, JobState>();
  for (let from = 0; from < keys.length; from += 5000) {
    const part = keys.slice(from, from + 5000);
    const rows = (await sql.unsafe(`SELECT id::text AS id, state::text AS state, output FROM ${BOSS_SCHEMA}.job WHERE name = ANY($1::text[]) AND id = ANY($2::uuid[])`, [
      [...queues],
      part,
    ])) as Array<{ id: string; state: JobState['state']; output: unknown }>;
    for (const row of rows) states.set(row.id, { state: row.state, error: row.state === 'failed' ? (reasonOf(row.output) ?? 'failed without a reason') : null });
  }
  return states;
}
