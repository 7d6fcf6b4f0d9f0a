import type { SQL } from 'bun';
import { reasonOf } from './jobStates.ts';
import { BOSS_SCHEMA } from './labDb.ts';

/** One experiment on the queue and how far it is. */
export interface SweepProgress {
  name: string;
  kind: string;
  game: string;
  runs: number;
  done: number;
  failed: number;
  /** Runs a worker holds now. */
  running: number;
  createdAt: string;
}

/**
 * The experiments on the queue, newest first (or the one named): runs done
 * (a result in our table), failed and running (their job in pg-boss's, read
 * only). Empty when nothing was ever enqueued on this database.
 */
export async function sweepProgress(sql: SQL, opts: { name?: string; limit?: number } = {}): Promise<SweepProgress[]> {
  const limit = Math.max(1, Math.min(1000, Math.floor(opts.limit ?? 50)));
  const [present] = (await sql`SELECT to_regclass('house_lab.sweeps') IS NOT NULL AS lab, to_regclass(${`${BOSS_SCHEMA}.job`}) IS NOT NULL AS boss`) as Array<{ lab: boolean; boss: boolean }>;
  if (!present?.lab) return [];
  const jobs = present.boss
    ? `LEFT JOIN ${BOSS_SCHEMA}.job j ON r.run_key IS NULL AND j.name = sr.queue AND j.id = sr.run_key`
    : 'LEFT JOIN (SELECT NULL::text AS state) j ON false';
  const rows = (await sql.unsafe(
    `SELECT s.name, s.kind, s.game, s.runs, s.created_at,
       count(r.run_key)::int AS done,
       count(*) FILTER (WHERE j.state::text = 'failed')::int AS failed,
       count(*) FILTER (WHERE j.state::text = 'active')::int AS running
     FROM (SELECT * FROM house_lab.sweeps WHERE $1::text IS NULL OR name = $1::text ORDER BY created_at DESC, name LIMIT $2) s
     JOIN house_lab.sweep_runs sr ON sr.sweep = s.name
     LEFT JOIN house_lab.results r ON r.run_key = sr.run_key
     ${jobs}
     GROUP BY s.name, s.kind, s.game, s.runs, s.created_at
     ORDER BY s.created_at DESC, s.name`,
    [opts.name ?? null, limit],
  )) as Array<{ name: string; kind: string; game: string; runs: number; created_at: Date; done: number; failed: number; running: number }>;
  return rows.map((r) => ({ name: r.name, kind: r.kind, game: r.game, runs: r.runs, done: r.done, failed: r.failed, running: r.running, createdAt: new Date(r.created_at).toISOString() }));
}

/** One line per experiment: `name (game sweep): 150/200 done, 2 failed, 3 running, 45 waiting`. */
export function progressLine(p: SweepProgress): string {
  const waiting = Math.max(0, p.runs - p.done - p.failed - p.running);
  const state = p.done + p.failed >= p.runs ? (p.failed ? 'finished with failures' : 'finished') : 'in progress';
  return `${p.name} (${p.game} ${p.kind}, ${state}): ${p.done}/${p.runs} done, ${p.failed} failed, ${p.running} running, ${waiting} waiting`;
}

export interface SweepTally {
  done: number;
  running: number;
  /** Runs without a result whose job failed, with the reason. */
  failed: Array<{ key: string; error: string }>;
}

/**
 * How far one experiment is, counted in the database (two statements
 * whatever its size, so a waiting sweep of 160,000 runs does not send their
 * keys every time it looks).
 */
export async function sweepTally(sql: SQL, name: string): Promise<SweepTally> {
  const [counts] = (await sql.unsafe(
    `SELECT count(r.run_key)::int AS done, count(*) FILTER (WHERE j.state::text = 'active')::int AS running
     FROM house_lab.sweep_runs sr
     LEFT JOIN house_lab.results r ON r.run_key = sr.run_key
     LEFT JOIN ${BOSS_SCHEMA}.job j ON r.run_key IS NULL AND j.name = sr.queue AND j.id = sr.run_key
     WHERE sr.sweep = $1`,
    [name],
  )) as Array<{ done: number; running: number }>;
  const failed = (await sql.unsafe(
    `SELECT sr.run_key::text AS key, j.output
     FROM house_lab.sweep_runs sr
     JOIN ${BOSS_SCHEMA}.job j ON j.name = sr.queue AND j.id = sr.run_key
     WHERE sr.sweep = $1 AND j.state::text = 'failed' AND NOT EXISTS (SELECT 1 FROM house_lab.results r WHERE r.run_key = sr.run_key)`,
    [name],
  )) as Array<{ key: string; output: unknown }>;
  return { done: counts?.done ?? 0, running: counts?.running ?? 0, failed: failed.map((f) => ({ key: f.key, error: reasonOf(f.output) ?? 'failed without a reason' })) };
}
