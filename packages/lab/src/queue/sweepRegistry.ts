import type { SQL } from 'bun';
import { CliError } from '../cli/cliError.ts';

export interface RegisteredRun {
  key: string;
  id: string;
  queue: string;
}

/**
 * Records an experiment (a sweep or a tournament) and its runs in plan order,
 * once: a second registration of the same name and plan changes nothing; the
 * same name with another plan (two plans whose hashes meet) is refused.
 */
export async function registerSweep(sql: SQL, sweep: { name: string; kind: string; game: string; plan: string }, runs: readonly RegisteredRun[]): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`house_lab sweep ${sweep.name}`}))`;
    const existing = (await tx`SELECT plan FROM house_lab.sweeps WHERE name = ${sweep.name}`) as Array<{ plan: string }>;
    if (existing[0]) {
      if (existing[0].plan !== sweep.plan) throw new CliError(`the queue already holds another experiment named ${sweep.name}; run this one with a different seed count or treatment, or remove the old one`);
      return;
    }
    await tx`INSERT INTO house_lab.sweeps (name, kind, game, plan, runs) VALUES (${sweep.name}, ${sweep.kind}, ${sweep.game}, ${sweep.plan}, ${runs.length})`;
    for (let from = 0; from < runs.length; from += 5000) {
      const part = runs.slice(from, from + 5000);
      await tx`
        INSERT INTO house_lab.sweep_runs (sweep, position, run_key, run_id, queue)
        SELECT ${sweep.name}, p, k, i, q
        FROM unnest(${part.map((_, i) => from + i)}::int[], ${part.map((r) => r.key)}::uuid[], ${part.map((r) => r.id)}::text[], ${part.map((r) => r.queue)}::text[]) AS t (p, k, i, q)`;
    }
  });
}
