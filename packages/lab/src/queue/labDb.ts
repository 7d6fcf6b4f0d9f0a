import { SQL } from 'bun';
import { CliError } from '../cli/cliError.ts';
import { redactIn, redactUrl } from './queueUrl.ts';

/** Our tables (sweeps, their runs, results, usage, rating inputs); queries name it as written here. */
export const LAB_SCHEMA = 'house_lab';
/** pg-boss's own tables, in a schema of their own beside ours. */
export const BOSS_SCHEMA = 'house_queue';

/**
 * Our tables, created if missing. Each result is one row keyed by its run key
 * (the hash of its spec) and holds the RunResult as `runJson` text, which keeps
 * NaN and Infinity and every digit; usage and rating inputs are its columns
 * for SQL. Several workers may start at once, so the creation runs under a
 * transaction-level advisory lock.
 */
const TABLES = [
  `CREATE SCHEMA IF NOT EXISTS ${LAB_SCHEMA}`,
  `CREATE TABLE IF NOT EXISTS ${LAB_SCHEMA}.sweeps (
    name text PRIMARY KEY,
    kind text NOT NULL,
    game text NOT NULL,
    plan text NOT NULL,
    runs integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS ${LAB_SCHEMA}.sweep_runs (
    sweep text NOT NULL REFERENCES ${LAB_SCHEMA}.sweeps (name) ON DELETE CASCADE,
    position integer NOT NULL,
    run_key uuid NOT NULL,
    run_id text NOT NULL,
    queue text NOT NULL,
    PRIMARY KEY (sweep, position)
  )`,
  `CREATE INDEX IF NOT EXISTS sweep_runs_by_key ON ${LAB_SCHEMA}.sweep_runs (run_key)`,
  `CREATE TABLE IF NOT EXISTS ${LAB_SCHEMA}.results (
    run_key uuid PRIMARY KEY,
    game text NOT NULL,
    run_id text NOT NULL,
    result text NOT NULL,
    worker text NOT NULL,
    elapsed_ms double precision NOT NULL,
    finished_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS ${LAB_SCHEMA}.usage (
    run_key uuid NOT NULL REFERENCES ${LAB_SCHEMA}.results (run_key) ON DELETE CASCADE,
    metric text NOT NULL,
    whole double precision NOT NULL,
    first_half double precision NOT NULL,
    second_half double precision NOT NULL,
    PRIMARY KEY (run_key, metric)
  )`,
  `CREATE TABLE IF NOT EXISTS ${LAB_SCHEMA}.rating_inputs (
    run_key uuid PRIMARY KEY REFERENCES ${LAB_SCHEMA}.results (run_key) ON DELETE CASCADE,
    game text NOT NULL,
    lineup text[] NOT NULL,
    scores double precision[] NOT NULL,
    winners integer[] NOT NULL,
    kind text
  )`,
  // Each seat's result class (decided, forfeit, void) and why no one is rated, for runs that have them (model or remote seats; issues 36 and 37).
  `ALTER TABLE ${LAB_SCHEMA}.rating_inputs ADD COLUMN IF NOT EXISTS classes text[]`,
  `ALTER TABLE ${LAB_SCHEMA}.rating_inputs ADD COLUMN IF NOT EXISTS unrated text`,
];

/** One failure as one line, the URL's password hidden. */
export function dbError(url: string, error: unknown): CliError {
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(`the queue database at ${redactUrl(url)} failed: ${redactIn(message, url).split('\n')[0]}; is PostgreSQL up, and the URL right?`);
}

/** A small pool on the queue's database with our tables in place. */
export async function openLabDb(url: string, max = 4): Promise<SQL> {
  const sql = new SQL(url, { max, idleTimeout: 30, connectionTimeout: 10 });
  try {
    await sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(hashtext(${LAB_SCHEMA}))`;
      for (const statement of TABLES) await tx.unsafe(statement);
    });
  } catch (error) {
    await sql.close().catch(() => {});
    throw dbError(url, error);
  }
  return sql;
}
