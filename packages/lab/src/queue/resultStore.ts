import type { SQL } from 'bun';
import { parseRunJson, runJson, type RunResult } from '../sweep/runSpec.ts';

/** Keys per statement when reading many runs (an array parameter each). */
const CHUNK = 5000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export interface FinishedRun {
  key: string;
  game: string;
  result: RunResult;
  /** Who played it: host and process id. */
  worker: string;
  elapsedMs: number;
}

/**
 * Writes finished runs in one transaction: each run's result, its usage rows
 * (`usage:*` metrics of model seats) and its rating inputs (with its seats'
 * result classes when it has them), all or none. A
 * result row is keyed by its run key and written at most once: a second
 * write of the same run (by a worker that played it again after the first
 * one's job was given up) changes nothing. One commit for a worker's batch of
 * runs, not one per run: a commit waits for the disk, a run of gold mining
 * does not. Gives the keys this call wrote.
 */
export async function writeResults(sql: SQL, runs: readonly FinishedRun[]): Promise<Set<string>> {
  if (runs.length === 0) return new Set();
  return sql.begin(async (tx) => {
    const written = new Set<string>();
    for (const run of runs) {
      const { key, result } = run;
      const rows = await tx`
        INSERT INTO house_lab.results (run_key, game, run_id, result, worker, elapsed_ms)
        VALUES (${key}, ${run.game}, ${result.id}, ${runJson(result)}, ${run.worker}, ${run.elapsedMs})
        ON CONFLICT (run_key) DO NOTHING
        RETURNING run_key`;
      if (rows.length === 0) continue;
      written.add(key);
      for (const m of result.metrics.filter((row) => row.metric.startsWith('usage:'))) {
        await tx`
          INSERT INTO house_lab.usage (run_key, metric, whole, first_half, second_half)
          VALUES (${key}, ${m.metric}, ${m.whole}, ${m.first}, ${m.second})`;
      }
      await tx`
        INSERT INTO house_lab.rating_inputs (run_key, game, lineup, scores, winners, kind, classes, unrated)
        VALUES (${key}, ${run.game}, ${result.lineup}::text[], ${result.scores}::float8[], ${result.winners}::int[], ${result.kind}, ${result.seatResults?.seats.map((s) => s.class) ?? null}::text[], ${result.seatResults?.unrated ?? null})`;
    }
    return written;
  });
}

/** Which of these run keys have a result. */
export async function finishedKeys(sql: SQL, keys: readonly string[]): Promise<Set<string>> {
  const done = new Set<string>();
  for (const part of chunks(keys)) {
    const rows = (await sql`SELECT run_key FROM house_lab.results WHERE run_key = ANY(${part}::uuid[])`) as Array<{ run_key: string }>;
    for (const row of rows) done.add(row.run_key);
  }
  return done;
}

/** The results of these run keys, by key (a row that does not read back as a result is left out, and its run counts as not done). */
export async function readResults(sql: SQL, keys: readonly string[]): Promise<Map<string, RunResult>> {
  const results = new Map<string, RunResult>();
  for (const part of chunks(keys)) {
    const rows = (await sql`SELECT run_key, result FROM house_lab.results WHERE run_key = ANY(${part}::uuid[])`) as Array<{ run_key: string; result: string }>;
    for (const row of rows) {
      try {
        const result = parseRunJson(row.result) as RunResult;
        if (result && typeof result.id === 'string' && Array.isArray(result.metrics)) results.set(row.run_key, result);
      } catch {
        // A row that is not JSON is not a result; its run stays to do.
      }
    }
  }
  return results;
}
