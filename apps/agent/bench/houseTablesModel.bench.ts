// Tables of model players on one host (issue 39): for each size N, N Trust
// tables of the same 8 model-brain players at once against the OpenAI stub
// answering after 300 ms in a process of its own (its CPU is not the
// House's), in a host of its own: each table's round time over the model's
// latency (median and worst of every round 2.. of every table), the host
// process's CPU time per decision (process.cpuUsage(): House, players and the
// database, the stub excluded), and its memory (RSS) per table. On PGLite, or
// on a fresh database of the PostgreSQL server at POSTGRES_URL when it is set.
// Alone: `bun run bench tables-model --tables 1,4,16,32 --rounds 10`; with
// `--players worker` the players run in a second process (playersInWorker.ts).
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { median } from 'simple-statistics';
import { benchInOwnProcess, runAsMain } from '@the-house/lab/bench/inOwnProcess.ts';
import { startOpenAiStubProcess } from '@the-house/lab/bench/openaiStubProcess.ts';
import { playersOption } from '@the-house/lab/bench/playersOption.ts';
import { parseTablesOptions } from '@the-house/lab/bench/tablesOptions.ts';
import { freshDatabase } from '@the-house/lab/testing/freshDatabase.ts';
import { ensureVectorType } from '../test/kit/pgVectorStandIn.ts';
import { startTestHost, testCharacters } from '../test/kit/testHost.ts';
import { onDecisions } from './decisionSpans.ts';
import { benchWithWorker } from './playersInWorker.ts';

const MODEL_LATENCY_MS = 300;
const PLAYERS = Array.from({ length: 8 }, (_, i) => `Mod${i + 1}`);
/** A size's tables must all end within this (a host that cannot keep up says how far it got). */
const DEADLINE_MS = 10 * 60_000;
/** How long the host's idle CPU is measured, before the tables open. */
const IDLE_MS = 3_000;

const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const cpuMs = () => {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
};
/**
 * The CPU time (ms) of the process's main thread alone, where the House, its
 * players and PGLite run (Linux: its clock ticks of 10 ms in /proc); NaN
 * elsewhere. The rest of the process's CPU is the JIT, the collector and
 * the file and network threads.
 */
const mainThreadCpuMs = () => {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
};

/** One size in this process: progress lines on stdout as rounds begin (what a failed run got to), the figures last. */
async function measure(n: number, rounds: number): Promise<Record<string, number>> {
  const stub = await startOpenAiStubProcess({ countUsage: false, latencyMs: MODEL_LATENCY_MS, model: { avoid: ['BEG'] } });
  const database = process.env.POSTGRES_URL ? await freshDatabase(process.env.POSTGRES_URL, 'house_bench_tables') : null;
  if (database) {
    const vector = await ensureVectorType(database.url);
    if (typeof vector !== 'string') throw new Error(`the bench's database has no usable vector type: ${vector.error}`);
  }
  const dir = testCharacters(PLAYERS, 'model');
  const host = await startTestHost({
    charactersDir: dir,
    ...(database ? { postgresUrl: database.url } : {}),
    // The provider's limits are the stub's: rounds wait for the model and the CPU, not for a gate made for a paid account.
    env: { ...stub.env(), HOUSE_ROUND_DELAY_MS: '0', HOUSE_BEG_TIMEOUT_MS: '100', HOUSE_MAX_TABLES: String(n + 1), HOUSE_MODEL_MAX_IN_FLIGHT: '1000', HOUSE_MODEL_PER_MINUTE: '1000000', LOG_LEVEL: 'fatal' },
  });
  let stubCpu = 0;
  try {
    // One short match first, not counted: the first calls of every path are compiled as they run.
    const warm = await host.service.open('trust', PLAYERS, 99, null, {}, { id: 'bench-warm', name: 'Warm', room: { channelId: 'bench-warm', serverId: 'bench' } }, { maxRounds: 3, replicateAt: 1_000_000 });
    if (!warm.ok) throw new Error(`the warm-up table did not open: ${warm.error}`);
    await host.service.finished(warm.id);
    // Per match and round: when its first decision began; when every decision began.
    const firsts = new Map<string, Map<number, number>>();
    const decisions: number[] = [];
    let furthest = 0;
    onDecisions(
      host.runtimes,
      (request, span) => {
        if (!request) return;
        decisions.push(span[0]);
        const match = firsts.get(request.matchId) ?? new Map<number, number>();
        firsts.set(request.matchId, match);
        const first = match.get(request.round);
        if (first === undefined || span[0] < first) match.set(request.round, span[0]);
        if (request.round > furthest) {
          furthest = request.round;
          console.log(`progress: ${n} tables, round ${furthest} begun at ${Math.round(performance.now())} ms, RSS ${Math.round(rssMb())} MB`);
        }
      },
      { cpu: false },
    );
    Bun.gc(true);
    const idle = rssMb();
    // What the idle host spends (ElizaOS's task polls of every runtime, timers): at one table it is a good part of each decision's share.
    const idleFrom = { at: performance.now(), cpu: cpuMs() };
    await Bun.sleep(IDLE_MS);
    const idleCpuPerMs = (cpuMs() - idleFrom.cpu) / (performance.now() - idleFrom.at);
    // CPU time read every 100 ms, not at each decision (a reading costs about 0.2 ms), and read back between readings.
    const readings: Array<{ at: number; cpu: number; main: number }> = [];
    let peak = idle;
    const sampler = setInterval(() => {
      readings.push({ at: performance.now(), cpu: cpuMs(), main: mainThreadCpuMs() });
      peak = Math.max(peak, rssMb());
    }, 100);
    const cpuAt = (t: number, of: 'cpu' | 'main' = 'cpu') => {
      const after = readings.findIndex((r) => r.at >= t);
      if (after <= 0) return readings[after < 0 ? readings.length - 1 : 0]![of];
      const [a, b] = [readings[after - 1]!, readings[after]!];
      return a[of] + ((b[of] - a[of]) * (t - a.at)) / (b.at - a.at);
    };
    const started = { at: performance.now(), cpu: cpuMs() };
    // Every table asked for at once, as many people each opening one would: opened one after another, a host whose
    // statements queue (PGLite in its thread) had its first tables done before its last were open.
    const ids = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const author = { id: `bench-person-${i}`, name: `Bench${i}`, room: { channelId: `bench-room-${i}`, serverId: 'bench' } };
        const opened = await host.service.open('trust', PLAYERS, 100 + i, null, {}, author, { maxRounds: rounds, replicateAt: 1_000_000 });
        if (!opened.ok) throw new Error(`table ${i + 1} of ${n} did not open: ${opened.error}`);
        return opened.id;
      }),
    );
    const allOpen = performance.now();
    let firstDone = Infinity;
    const all = Promise.all(ids.map((id) => host.service.finished(id).then(() => (firstDone = Math.min(firstDone, performance.now())))));
    const ended = await Promise.race([all.then(() => true), Bun.sleep(DEADLINE_MS).then(() => false)]);
    clearInterval(sampler);
    const finished = { at: performance.now(), cpu: cpuMs() };
    if (!ended) throw new Error(`${n} tables had not ended after ${DEADLINE_MS / 60_000} minutes: the furthest reached round ${furthest} of ${rounds}`);
    // Every table's rounds 2..rounds-1 (round 1 carries the room's setup; the last one's end is the match's).
    const ratios: number[] = [];
    // The rounds played while every table was open, from the last table's opening to the first one's end: the tables at once.
    const together: number[] = [];
    for (const match of firsts.values()) {
      for (let r = 2; match.has(r + 1); r++) {
        const ratio = (match.get(r + 1)! - match.get(r)!) / MODEL_LATENCY_MS;
        ratios.push(ratio);
        if (match.get(r)! >= allOpen && match.get(r + 1)! <= firstDone) together.push(ratio);
      }
    }
    // The steady part: from the first table's round 2 to the last table's last round; its CPU over the decisions begun inside it.
    const from = Math.min(...[...firsts.values()].map((m) => m.get(2) ?? Infinity));
    const to = Math.max(...[...firsts.values()].map((m) => m.get(rounds) ?? -Infinity));
    const inside = decisions.filter((at) => at >= from && at < to).length;
    const steadyCpu = cpuAt(to) - cpuAt(from);
    const steadyMain = cpuAt(to, 'main') - cpuAt(from, 'main');
    // To cut a `bun --cpu-prof` profile of this process (its times are microseconds of the wall clock) to the part measured.
    console.log(`steady part (wall-clock ms): ${performance.timeOrigin + from} ${performance.timeOrigin + to}`);
    stubCpu = (await stub.stop()).cpuMs;
    return {
      [`tables_model_${n}_round_over_latency_median`]: median(ratios),
      [`tables_model_${n}_round_over_latency_worst`]: Math.max(...ratios),
      [`tables_model_${n}_open_all_ms`]: allOpen - started.at,
      [`tables_model_${n}_rounds_all_open`]: together.length,
      [`tables_model_${n}_round_over_latency_all_open_median`]: together.length ? median(together) : Number.NaN,
      [`tables_model_${n}_cpu_ms_per_decision`]: steadyCpu / inside,
      [`tables_model_${n}_cpu_ms_per_decision_beyond_idle`]: (steadyCpu - idleCpuPerMs * (to - from)) / inside,
      [`tables_model_${n}_idle_cpu_ms_per_s`]: idleCpuPerMs * 1000,
      // How busy the thread that answers was over the steady part (1: every moment): the tables wait on it past about 0.9.
      [`tables_model_${n}_main_thread_busy`]: steadyMain / (to - from),
      [`tables_model_${n}_main_thread_cpu_ms_per_decision`]: steadyMain / inside,
      [`tables_model_${n}_cpu_ms_per_decision_whole_match`]: (finished.cpu - started.cpu) / decisions.length,
      [`tables_model_${n}_stub_cpu_ms_per_decision`]: stubCpu / decisions.length,
      [`tables_model_${n}_rss_idle_mb`]: idle,
      [`tables_model_${n}_rss_peak_mb`]: peak,
      [`tables_model_${n}_rss_per_table_mb`]: (peak - idle) / n,
      [`tables_model_${n}_decisions`]: decisions.length,
      [`tables_model_${n}_seconds`]: (finished.at - started.at) / 1000,
      [`tables_model_${n}_load_per_cpu`]: loadavg()[0]! / availableParallelism(),
    };
  } finally {
    await host.stop();
    if (!stubCpu) await stub.stop().catch(() => undefined);
    await database?.drop();
  }
}

/** Each size in a host of its own (memory per table is the host's growth over its idle size); a size that fails says why and how far it got. */
export async function bench(args: readonly string[] = []): Promise<Record<string, number>> {
  // `--players worker`: the same players in a second process, seated over A2A (playersInWorker.ts).
  const players = playersOption(args);
  if (players.mode === 'worker') return benchWithWorker(players.rest);
  const { tables, rounds } = parseTablesOptions(players.rest);
  const store = process.env.POSTGRES_URL ? 'postgres' : 'pglite';
  const figures: Record<string, number> = {};
  const rows: string[] = [`tables of 8 model players, ${store}, ${rounds} rounds, model ${MODEL_LATENCY_MS} ms, ${availableParallelism()} CPUs`, 'tables  round/latency median  worst  all open: median (rounds)  open all ms  CPU ms/decision  beyond idle  main thread ms/decision  main thread busy  RSS MB/table  RSS idle MB  load/CPU'];
  for (const n of tables) {
    try {
      const f = await benchInOwnProcess(import.meta.path, `${n} tables of model players`, ['--size', String(n), '--rounds', String(rounds)]);
      const get = (name: string) => f[`tables_model_${n}_${name}`]!;
      rows.push(`${String(n).padStart(6)}  ${get('round_over_latency_median').toFixed(3).padStart(20)}  ${get('round_over_latency_worst').toFixed(3).padStart(5)}  ${`${get('round_over_latency_all_open_median').toFixed(3)} (${get('rounds_all_open')})`.padStart(25)}  ${get('open_all_ms').toFixed(0).padStart(11)}  ${get('cpu_ms_per_decision').toFixed(2).padStart(15)}  ${get('cpu_ms_per_decision_beyond_idle').toFixed(2).padStart(11)}  ${get('main_thread_cpu_ms_per_decision').toFixed(2).padStart(23)}  ${get('main_thread_busy').toFixed(2).padStart(16)}  ${get('rss_per_table_mb').toFixed(1).padStart(12)}  ${get('rss_idle_mb').toFixed(0).padStart(11)}  ${get('load_per_cpu').toFixed(2).padStart(8)}`);
      for (const [name, value] of Object.entries(f)) figures[`house.${store}_${name}`] = value;
    } catch (error) {
      rows.push(`${String(n).padStart(6)}  failed: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(-400)}`);
      figures[`house.${store}_tables_model_${n}_failed`] = 1;
    }
  }
  process.stderr.write(`${rows.join('\n')}\n`);
  return figures;
}

if (import.meta.main) {
  const size = process.argv.indexOf('--size');
  if (size < 0) {
    console.log(JSON.stringify(await bench(process.argv.slice(2))));
  } else {
    const rest = process.argv.slice(2).filter((_, i) => i !== size - 2 && i !== size - 1);
    const n = Number(process.argv[size + 1]);
    const { rounds } = parseTablesOptions(rest);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`--size takes a whole number from 1 to 64, got '${process.argv[size + 1]}'`);
    // The reason goes out beside the progress lines: the parent reads stdout alone.
    await runAsMain(() => measure(n, rounds)).catch((error: unknown) => {
      console.log(`failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
  }
}
