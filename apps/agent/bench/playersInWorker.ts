// Tables of model players whose players run in a second process (issue 39,
// `bun run bench tables-model --players worker`): the same 8 model players as
// houseTablesModel.bench.ts, served by one runCompetitor process (one
// ElizaOS server, a runtime each, its own PGLite) against the same stub, and
// seated by the host as A2A entrants. Per size: round / latency (median and
// worst of rounds 2.. of every table, from when each round's first turn was
// asked), CPU per decision beyond idle of the host and of the worker, and
// the memory of both.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { median } from 'simple-statistics';
import { benchInOwnProcess, runAsMain } from '@the-house/lab/bench/inOwnProcess.ts';
import { startOpenAiStubProcess } from '@the-house/lab/bench/openaiStubProcess.ts';
import { parseTablesOptions } from '@the-house/lab/bench/tablesOptions.ts';
import type { ModelCallRecord } from '@the-house/lab/models/modelCall.ts';
import { freshDatabase } from '@the-house/lab/testing/freshDatabase.ts';
import { repoRoot } from '../src/host.ts';
import { ensureVectorType } from '../test/kit/pgVectorStandIn.ts';
import { freePort, startTestHost, testCharacters } from '../test/kit/testHost.ts';

/** The model's latency, the players and the limits: houseTablesModel.bench.ts's, so the two modes compare. */
const MODEL_LATENCY_MS = 300;
const PLAYERS = Array.from({ length: 8 }, (_, i) => `Mod${i + 1}`);
const DEADLINE_MS = 10 * 60_000;
const IDLE_MS = 3_000;
/** How long the worker may take to start its 8 runtimes. */
const WORKER_START_MS = 180_000;

const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const cpuMs = () => {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
};
/** A process's CPU time (ms) and resident memory (MB), read from /proc: the kernel counts CPU in ticks of 10 ms. */
const procCpuMs = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const procRssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/** The worker: runCompetitor with the 8 players, on in-memory PGLite, pointed at the stub; each player's address by name. */
async function startWorker(env: Record<string, string>): Promise<{ child: ReturnType<typeof Bun.spawn>; urls: Map<string, string> }> {
  const dir = testCharacters(PLAYERS, 'model');
  const characters = PLAYERS.flatMap((name) => ['--character', join(dir, `${name.toLowerCase()}.json`)]);
  const child = Bun.spawn([process.execPath, join(repoRoot, 'packages/plugin-competitor/src/runCompetitor.ts'), '--port', String(freePort()), '--data-dir', 'memory://', ...characters], {
    cwd: repoRoot,
    env: { ...process.env, ...env, LOG_LEVEL: 'fatal', SENTRY_DSN: 'disabled', SERVER_HOST: '127.0.0.1', POSTGRES_URL: '', PGLITE_DATA_DIR: '' },
    stdout: 'pipe',
    stderr: 'ignore',
  });
  const reader = (child.stdout as ReadableStream<Uint8Array>).getReader();
  const urls = new Map<string, string>();
  let text = '';
  const until = Date.now() + WORKER_START_MS;
  while (urls.size < PLAYERS.length) {
    if (Date.now() > until) throw new Error(`the worker had not started its players after ${WORKER_START_MS / 1000} s`);
    const { done, value } = await reader.read();
    if (done) throw new Error(`the worker stopped before its players were ready (exit ${await child.exited})`);
    text += new TextDecoder().decode(value);
    for (const line of text.split('\n').filter((l) => l.startsWith('{') && l.endsWith('}'))) {
      const { url, name } = JSON.parse(line) as { url: string; name: string };
      urls.set(name, url);
    }
  }
  // What it prints from now on is drained unread, so a full pipe never stops it.
  void (async () => {
    while (!(await reader.read()).done);
  })();
  return { child, urls };
}

/** Readings of both processes' CPU (ms) every 100 ms on the wall clock (epoch ms, as the match records' calls are), read back between readings. */
function cpuSampler(pid: number) {
  const readings: Array<{ at: number; host: number; worker: number }> = [];
  const peak = { host: rssMb(), worker: procRssMb(pid) };
  const read = () => {
    readings.push({ at: performance.timeOrigin + performance.now(), host: cpuMs(), worker: procCpuMs(pid) });
    peak.host = Math.max(peak.host, rssMb());
    peak.worker = Math.max(peak.worker, procRssMb(pid));
  };
  read();
  const timer = setInterval(read, 100);
  const at = (t: number, which: 'host' | 'worker') => {
    const after = readings.findIndex((r) => r.at >= t);
    if (after <= 0) return readings[after < 0 ? readings.length - 1 : 0]![which];
    const [a, b] = [readings[after - 1]!, readings[after]!];
    return a[which] + ((b[which] - a[which]) * (t - a.at)) / (b.at - a.at);
  };
  return { peak, at, stop: () => (clearInterval(timer), read()) };
}

/** One size in this process, the players in a worker process; the figures last. */
async function measure(n: number, rounds: number): Promise<Record<string, number>> {
  const stub = await startOpenAiStubProcess({ countUsage: false, latencyMs: MODEL_LATENCY_MS, model: { avoid: ['BEG'] } });
  let database: Awaited<ReturnType<typeof freshDatabase>> | null = null;
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  let host: Awaited<ReturnType<typeof startTestHost>> | null = null;
  let stubCpu = 0;
  try {
    database = process.env.POSTGRES_URL ? await freshDatabase(process.env.POSTGRES_URL, 'house_bench_tables') : null;
    if (database) {
      const vector = await ensureVectorType(database.url);
      if (typeof vector !== 'string') throw new Error(`the bench's database has no usable vector type: ${vector.error}`);
    }
    worker = await startWorker(stub.env());
    const pid = worker.child.pid;
    // The House alone in the host: its players are the worker's, each an entrant anyone may seat.
    const entrants = PLAYERS.map((name) => ({ name, kind: 'a2a', url: worker!.urls.get(name)!, open: {} }));
    host = await startTestHost({
      charactersDir: testCharacters([], 'model'),
      ...(database ? { postgresUrl: database.url } : {}),
      env: { HOUSE_ENTRANTS: JSON.stringify(entrants), HOUSE_FETCH_ALLOW: '127.0.0.1:*', HOUSE_ROUND_DELAY_MS: '0', HOUSE_BEG_TIMEOUT_MS: '100', HOUSE_MAX_TABLES: String(n + 1), LOG_LEVEL: 'fatal' },
    });
    const service = host.service;
    const open = async (i: number, seed: number, roundsOf: number) => {
      const author = { id: `bench-person-${i}`, name: `Bench${i}`, room: { channelId: `bench-room-${i}`, serverId: 'bench' } };
      const opened = await service.open('trust', PLAYERS, seed, null, {}, author, { maxRounds: roundsOf, replicateAt: 1_000_000 });
      if (!opened.ok) throw new Error(`table ${i + 1} of ${n} did not open: ${opened.error}`);
      return { id: opened.id, calls: service.tables.get(opened.id)!.recorder.record.calls };
    };
    // The entrants are stored as the House starts, without being waited for: the warm-up table waits for them.
    let warm: Awaited<ReturnType<typeof open>> | null = null;
    for (let tries = 0; !warm; tries++) {
      warm = await open(-1, 99, 3).catch((error: unknown) => {
        if (tries >= 50) throw error;
        return Bun.sleep(100).then(() => null);
      });
    }
    await service.finished(warm.id);
    Bun.gc(true);
    const idle = { host: rssMb(), worker: procRssMb(pid) };
    const idleFrom = { at: performance.now(), host: cpuMs(), worker: procCpuMs(pid) };
    await Bun.sleep(IDLE_MS);
    const idleMs = performance.now() - idleFrom.at;
    const idlePerMs = { host: (cpuMs() - idleFrom.host) / idleMs, worker: (procCpuMs(pid) - idleFrom.worker) / idleMs };
    const sampler = cpuSampler(pid);
    const started = { at: performance.now(), host: cpuMs(), worker: procCpuMs(pid) };
    const tables: Array<{ id: string; calls: ModelCallRecord[] }> = [];
    for (let i = 0; i < n; i++) tables.push(await open(i, 100 + i, rounds));
    const all = Promise.all(tables.map((t) => service.finished(t.id)));
    const ended = await Promise.race([all.then(() => true), Bun.sleep(DEADLINE_MS).then(() => false)]);
    sampler.stop();
    const finished = { at: performance.now(), host: cpuMs(), worker: procCpuMs(pid) };
    const turns = tables.flatMap((t) => t.calls.filter((c) => c.caller !== 'house'));
    if (!ended) throw new Error(`${n} tables had not ended after ${DEADLINE_MS / 60_000} minutes: the furthest reached round ${Math.max(0, ...turns.map((c) => c.round))} of ${rounds}`);
    // When each table's rounds began: its first turn asked.
    const firsts = tables.map((t) => {
      const match = new Map<number, number>();
      for (const c of t.calls) if (c.caller !== 'house' && !(match.get(c.round)! <= c.at)) match.set(c.round, c.at);
      return match;
    });
    const ratios: number[] = [];
    for (const match of firsts) for (let r = 2; match.has(r + 1); r++) ratios.push((match.get(r + 1)! - match.get(r)!) / MODEL_LATENCY_MS);
    const from = Math.min(...firsts.map((m) => m.get(2) ?? Infinity));
    const to = Math.max(...firsts.map((m) => m.get(rounds) ?? -Infinity));
    const inside = turns.filter((c) => c.at >= from && c.at < to).length;
    const steady = (which: 'host' | 'worker') => (sampler.at(to, which) - sampler.at(from, which) - idlePerMs[which] * (to - from)) / inside;
    stubCpu = (await stub.stop()).cpuMs;
    return {
      [`tables_model_worker_${n}_round_over_latency_median`]: median(ratios),
      [`tables_model_worker_${n}_round_over_latency_worst`]: Math.max(...ratios),
      [`tables_model_worker_${n}_host_cpu_ms_per_decision_beyond_idle`]: steady('host'),
      [`tables_model_worker_${n}_worker_cpu_ms_per_decision_beyond_idle`]: steady('worker'),
      [`tables_model_worker_${n}_host_idle_cpu_ms_per_s`]: idlePerMs.host * 1000,
      [`tables_model_worker_${n}_worker_idle_cpu_ms_per_s`]: idlePerMs.worker * 1000,
      [`tables_model_worker_${n}_host_cpu_ms_per_decision_whole_match`]: (finished.host - started.host) / turns.length,
      [`tables_model_worker_${n}_worker_cpu_ms_per_decision_whole_match`]: (finished.worker - started.worker) / turns.length,
      [`tables_model_worker_${n}_stub_cpu_ms_per_decision`]: stubCpu / turns.length,
      [`tables_model_worker_${n}_failed_turns`]: turns.filter((c) => c.error !== null).length,
      [`tables_model_worker_${n}_host_rss_idle_mb`]: idle.host,
      [`tables_model_worker_${n}_host_rss_per_table_mb`]: (sampler.peak.host - idle.host) / n,
      [`tables_model_worker_${n}_worker_rss_idle_mb`]: idle.worker,
      [`tables_model_worker_${n}_worker_rss_per_table_mb`]: (sampler.peak.worker - idle.worker) / n,
      [`tables_model_worker_${n}_decisions`]: turns.length,
      [`tables_model_worker_${n}_seconds`]: (finished.at - started.at) / 1000,
      [`tables_model_worker_${n}_load_per_cpu`]: loadavg()[0]! / availableParallelism(),
    };
  } finally {
    await host?.stop();
    worker?.child.kill('SIGKILL');
    if (!stubCpu) await stub.stop().catch(() => undefined);
    await database?.drop();
  }
}

/** Each size with a host and a worker of its own; a table like the host mode's, with the worker's columns. */
export async function benchWithWorker(args: readonly string[]): Promise<Record<string, number>> {
  const { tables, rounds } = parseTablesOptions(args);
  const store = process.env.POSTGRES_URL ? 'postgres' : 'pglite';
  const figures: Record<string, number> = {};
  const rows: string[] = [
    `tables of 8 model players in a worker process, ${store}, ${rounds} rounds, model ${MODEL_LATENCY_MS} ms, ${availableParallelism()} CPUs`,
    'tables  round/latency median  worst  host CPU ms/decision beyond idle  worker CPU ms/decision beyond idle  host RSS MB/table  worker RSS MB/table  host/worker RSS idle MB  failed turns  load/CPU',
  ];
  for (const n of tables) {
    try {
      const f = await benchInOwnProcess(import.meta.path, `${n} tables of model players in a worker`, ['--size', String(n), '--rounds', String(rounds)]);
      const get = (name: string) => f[`tables_model_worker_${n}_${name}`]!;
      rows.push(
        `${String(n).padStart(6)}  ${get('round_over_latency_median').toFixed(3).padStart(20)}  ${get('round_over_latency_worst').toFixed(3).padStart(5)}  ${get('host_cpu_ms_per_decision_beyond_idle').toFixed(2).padStart(32)}  ${get('worker_cpu_ms_per_decision_beyond_idle').toFixed(2).padStart(34)}  ${get('host_rss_per_table_mb').toFixed(1).padStart(17)}  ${get('worker_rss_per_table_mb').toFixed(1).padStart(19)}  ${`${get('host_rss_idle_mb').toFixed(0)}/${get('worker_rss_idle_mb').toFixed(0)}`.padStart(23)}  ${String(get('failed_turns')).padStart(12)}  ${get('load_per_cpu').toFixed(2).padStart(8)}`,
      );
      for (const [name, value] of Object.entries(f)) figures[`house.${store}_${name}`] = value;
    } catch (error) {
      rows.push(`${String(n).padStart(6)}  failed: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(-400)}`);
      figures[`house.${store}_tables_model_worker_${n}_failed`] = 1;
    }
  }
  process.stderr.write(`${rows.join('\n')}\n`);
  return figures;
}

if (import.meta.main) {
  const size = process.argv.indexOf('--size');
  const n = Number(process.argv[size + 1]);
  const { rounds } = parseTablesOptions(process.argv.slice(2).filter((_, i) => i !== size - 2 && i !== size - 1));
  if (size < 0 || !Number.isInteger(n) || n < 1 || n > 64) throw new Error(`--size takes a whole number from 1 to 64, got '${process.argv[size + 1] ?? ''}'`);
  await runAsMain(() => measure(n, rounds)).catch((error: unknown) => {
    console.log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
