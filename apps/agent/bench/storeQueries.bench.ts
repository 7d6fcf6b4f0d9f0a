// What one statement costs the House's process on the database its players
// share (issue 39): the raw client plugin-sql holds (PGLite's, or
// node-postgres's pool at POSTGRES_URL), as the House's own batched writes
// use it. Per statement, wall and CPU time (the process's, any thread) of:
// `select 1`; an upsert of a 300-byte row into plugin-sql's cache table (a
// notes row early in a match); and of a 30 kB row (a match's head row). On
// PGLite a statement with values is six round trips into its WASM, and its
// values are copied into the protocol in JavaScript: the floor under the
// House's cost per decision there.
import { availableParallelism, loadavg } from 'node:os';
import { benchInOwnProcess, runAsMain } from '@the-house/lab/bench/inOwnProcess.ts';
import { freshDatabase } from '@the-house/lab/testing/freshDatabase.ts';
import { startTestHost } from '../test/kit/testHost.ts';
import { ensureVectorType } from '../test/kit/pgVectorStandIn.ts';

const RUNS = 400;
const WARM = 40;

interface RawClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

async function perStatement(run: (i: number) => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  for (let i = 0; i < WARM; i++) await run(i);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await run(i);
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - started) / RUNS, cpu: (used.user + used.system) / 1000 / RUNS };
}

async function measure(): Promise<Record<string, number>> {
  const database = process.env.POSTGRES_URL ? await freshDatabase(process.env.POSTGRES_URL, 'house_bench_queries') : null;
  if (database) {
    const vector = await ensureVectorType(database.url);
    if (typeof vector !== 'string') throw new Error(`the bench's database has no usable vector type: ${vector.error}`);
  }
  const host = await startTestHost({ players: [], ...(database ? { postgresUrl: database.url } : {}), env: { LOG_LEVEL: 'fatal' } });
  try {
    const client = (host.house as unknown as { db: { $client: RawClient } }).db.$client;
    const agent = host.house.agentId;
    const store = database ? 'postgres' : 'pglite';
    const upsert = 'INSERT INTO cache (key, agent_id, value) VALUES ($1::text, $2::text::uuid, $3::text::jsonb) ON CONFLICT (key, agent_id) DO UPDATE SET value = EXCLUDED.value';
    const row = (bytes: number) => JSON.stringify({ json: JSON.stringify({ text: '"x"'.repeat(Math.ceil(bytes / 3)) }).slice(0, bytes) });
    const [small, big] = [row(300), row(30_000)];
    const figures: Record<string, number> = {};
    const runs: Record<string, (i: number) => Promise<unknown>> = {
      select_1: () => client.query('select 1'),
      upsert_300_bytes: (i) => client.query(upsert, [`house:bench:${i % 50}`, agent, small]),
      upsert_30_kb: (i) => client.query(upsert, [`house:bench:${i % 50}`, agent, big]),
    };
    const cases = CASES.map((name) => [name, runs[name]!] as const);
    for (const [name, run] of cases) {
      const { wall, cpu } = await perStatement(run);
      figures[`store.${store}_${name}_wall_ms`] = wall;
      figures[`store.${store}_${name}_cpu_ms`] = cpu;
    }
    figures[`store.${store}_load_per_cpu`] = loadavg()[0]! / availableParallelism();
    await client.query("DELETE FROM cache WHERE key LIKE 'house:bench:%'");
    return figures;
  } finally {
    await host.stop();
    await database?.drop();
  }
}

const CASES = ['select_1', 'upsert_300_bytes', 'upsert_30_kb'];

export async function bench(): Promise<Record<string, number>> {
  const figures = await benchInOwnProcess(import.meta.path, 'store queries');
  const store = process.env.POSTGRES_URL ? 'postgres' : 'pglite';
  const rows = [`one statement on ${store}, ${RUNS} runs each, ${availableParallelism()} CPUs`, 'statement          wall ms  CPU ms'];
  for (const name of CASES) rows.push(`${name.padEnd(17)} ${figures[`store.${store}_${name}_wall_ms`]!.toFixed(3).padStart(8)} ${figures[`store.${store}_${name}_cpu_ms`]!.toFixed(3).padStart(7)}`);
  process.stderr.write(`${rows.join('\n')}\n`);
  return figures;
}

if (import.meta.main) await runAsMain(measure);
