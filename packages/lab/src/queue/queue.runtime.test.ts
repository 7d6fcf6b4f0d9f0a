import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQL } from 'bun';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { freshDatabase } from '../testing/freshDatabase.ts';
import { spawnWorker, type WorkerProcess } from '../testing/queueHarness.ts';
import { gameById } from '../sweep/playRun.ts';
import type { RunSpec } from '../sweep/runSpec.ts';
import { writeSweepOutputs } from '../sweep/sweepCommand.ts';
import { parseSweepArgs, planRuns } from '../sweep/sweepPlan.ts';
import { SweepStore } from '../sweep/sweepStore.ts';
import { startOpenAiStub } from '../testing/openaiStub.ts';
import { runOnQueue } from './queueRuns.ts';
import { queueSweeps } from './queueSweeps.ts';
import { runKey } from './runKey.ts';

const server = process.env.HOUSE_TEST_POSTGRES_URL;
if (!server) console.warn('SKIPPED the queue tests: HOUSE_TEST_POSTGRES_URL is not set (.ci/run starts a PostgreSQL from Debian packages and sets it)');

const dir = mkdtempSync(join(tmpdir(), 'house-queue-'));
let db: { url: string; drop(): Promise<void> } | null = null;
let url = '';
const workers = new Set<WorkerProcess>();

/** Each game's sweep: small, a mixed population, two treatments. */
const SWEEPS: Record<string, string[]> = {
  trust: ['--seeds', '6', '--population', 'copycat:1,always-cheat:1', '--treatment', 'missChance=0,0.15'],
  cafe: ['--seeds', '4', '--rounds', '10', '--population', 'credit-union:2,free-rider:2', '--treatment', 'interestRate=0,0.05'],
  influence: ['--seeds', '3', '--population', 'alliance:4,random:4', '--treatment', 'maxDmRecipients=2,4'],
  goldmine: ['--seeds', '3', '--rounds', '20', '--players', '4', '--population', 'greedy-mine:2,defend-then-mine:2', '--treatment', 'truce=1,3'],
  matrix: ['--seeds', '4', '--rounds', '50', '--population', 'tit-for-tat:2,always-defect:1,joss:1', '--treatment', 'noise=0,0.05'],
};

/** Each tournament: Trust's baselines, and four rules of Axelrod's first tournament (1980) at its defaults. */
const TOURNAMENTS: Record<string, string[]> = {
  trust: ['--players', 'copycat,grudger,always-cheat,detective', '--repeats', '3', '--seed', '7'],
  matrix: ['--players', 'shubik,grudger,feld,joss', '--repeats', '3', '--seed', '1980'],
};

function startWorker(...args: string[]): WorkerProcess {
  const worker = spawnWorker(url, ['--concurrency', '1', '--grace', '30', ...args]);
  workers.add(worker);
  return worker;
}

function stopWorker(worker: WorkerProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<string> {
  workers.delete(worker);
  return worker.stop(signal);
}

async function house(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn([process.execPath, HOUSE_MAIN, ...args], { stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code: await proc.exited, stdout, stderr };
}

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const sql = new SQL(url, { max: 1 });
  try {
    return (await sql.unsafe(text, params)) as T[];
  } finally {
    await sql.close();
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

const keysOf = (game: string, args: string[]) => planRuns(parseSweepArgs([game, ...args]).plan, gameById(game)).map(runKey);
const csv = (out: string) => readFileSync(join(dir, out, 'results.csv'), 'utf8');

describe.skipIf(!server)('sweeps and tournaments on the PostgreSQL queue', () => {
  beforeAll(async () => {
    db = await freshDatabase(server!, 'house_queue_test');
    url = db.url;
  });

  // A test that failed leaves no worker behind to play the next test's runs.
  afterEach(async () => {
    for (const worker of [...workers]) await stopWorker(worker, 'SIGKILL');
  });

  afterAll(async () => {
    for (const worker of [...workers]) await stopWorker(worker, 'SIGKILL');
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  test('a sweep of each game (and a tournament of Trust and of Matrix games) through the queue with 2 worker processes writes what the local one writes, results.csv byte for byte', async () => {
    // One job per fetch, so a small sweep is spread over both.
    const pair = [startWorker('--batch', '1'), startWorker('--batch', '1')];
    await Promise.all(pair.map((w) => w.ready));
    for (const [game, args] of Object.entries(SWEEPS)) {
      const queued = await house('sweep', game, ...args, '--out', join(dir, `${game}-queue`), '--queue', url);
      expect(queued.stderr).not.toContain('error:');
      expect(queued.code).toBe(0);
      const local = await house('sweep', game, ...args, '--out', join(dir, `${game}-local`), '--workers', '0');
      expect(local.code).toBe(0);
      expect(csv(`${game}-queue`)).toBe(csv(`${game}-local`));
      expect(queued.stdout).toBe(local.stdout);
    }
    const standings = (out: string) => out.split('\n').filter((line) => !line.includes(' ms'));
    for (const [game, args] of Object.entries(TOURNAMENTS)) {
      const queuedTournament = await house('tournament', game, ...args, '--queue', url);
      const localTournament = await house('tournament', game, ...args, '--workers', '0');
      expect(queuedTournament.code).toBe(0);
      expect(standings(queuedTournament.stdout)).toEqual(standings(localTournament.stdout));
    }
    const played = await query<{ worker: string; n: number }>('SELECT worker, count(*)::int AS n FROM house_lab.results GROUP BY worker');
    expect(played).toHaveLength(2);
    const logs = await Promise.all(pair.map((w) => stopWorker(w)));
    for (const log of logs) expect(log).toMatch(/worker stopped: \d+ runs played, 0 failed/);
    const status = await house('sweep-status', '--queue', url);
    expect(status.stdout.trim().split('\n')).toHaveLength(Object.keys(SWEEPS).length + Object.keys(TOURNAMENTS).length);
    for (const line of status.stdout.trim().split('\n')) expect(line).toMatch(/finished\): (\d+)\/\1 done, 0 failed, 0 running, 0 waiting$/);
  }, 180_000);

  test('a worker killed with SIGKILL mid-run loses nothing: its runs come back, another worker plays them, each result is written once', async () => {
    // About 25 ms a run, 40 runs: the worker is still busy for a second or more after its first result.
    const args = ['--seeds', '20', '--rounds', '1000', '--players', '10', '--population', 'greedy-mine:5,defend-then-mine:5', '--treatment', 'truce=1,2'];
    const keys = keysOf('goldmine', args);
    const enqueued = await house('sweep', 'goldmine', ...args, '--queue', url, '--no-wait');
    expect(enqueued.code).toBe(0);
    // One job per fetch: the victim is sure to be in the middle of the sweep when it is killed.
    const victim = startWorker('--batch', '1');
    await waitFor('the first result', async () => (await query<{ n: number }>('SELECT count(*)::int AS n FROM house_lab.results WHERE run_key = ANY($1::uuid[])', [keys]))[0]!.n >= 1);
    // Frozen before the look, so the run it holds cannot finish between the look and the kill (a run takes ms).
    const holding = async () => (await query<{ id: string }>("SELECT id::text AS id FROM house_queue.job WHERE state = 'active' AND id = ANY($1::uuid[])", [keys])).map((r) => r.id);
    let held: string[] = [];
    for (let look = 0; held.length === 0 && look < 100; look++) {
      victim.proc.kill('SIGSTOP');
      held = await holding();
      if (held.length === 0) {
        victim.proc.kill('SIGCONT');
        await Bun.sleep(10);
      }
    }
    await stopWorker(victim, 'SIGKILL');
    expect(held.length).toBeGreaterThan(0);
    const rescuer = startWorker();
    const queued = await house('sweep', 'goldmine', ...args, '--out', join(dir, 'killed-queue'), '--queue', url);
    expect(queued.code).toBe(0);
    const local = await house('sweep', 'goldmine', ...args, '--out', join(dir, 'killed-local'), '--workers', '0');
    expect(csv('killed-queue')).toBe(csv('killed-local'));
    const rows = await query<{ n: number; keys: number }>('SELECT count(*)::int AS n, count(DISTINCT run_key)::int AS keys FROM house_lab.results WHERE run_key = ANY($1::uuid[])', [keys]);
    expect(rows[0]).toEqual({ n: keys.length, keys: keys.length });
    // The killed worker's jobs were taken again after their heartbeat lapsed (a run whose result it had
    // written before dying counts as done at once; its job is completed when it comes back).
    const states = () => query<{ state: string; retry_count: number }>('SELECT state::text AS state, retry_count FROM house_queue.job WHERE id = ANY($1::uuid[])', [held]);
    await waitFor('the killed worker jobs to be completed by the other', async () => (await states()).every((j) => j.state === 'completed'));
    for (const job of await states()) expect(job.retry_count).toBeGreaterThan(0);
    await stopWorker(rescuer);
  }, 180_000);

  test('enqueuing the same sweep twice adds no job, and each run is played once', async () => {
    const args = ['--seeds', '10', '--population', 'grudger:1,detective:1', '--treatment', 'missChance=0,0.1'];
    const keys = keysOf('trust', args);
    const first = await house('sweep', 'trust', ...args, '--queue', url, '--no-wait');
    const second = await house('sweep', 'trust', ...args, '--queue', url, '--no-wait');
    expect(first.stderr).toContain(`${keys.length} enqueued now`);
    expect(second.stderr).toContain(': 0 done, 0 enqueued now');
    const jobs = await query<{ n: number }>('SELECT count(*)::int AS n FROM house_queue.job WHERE id = ANY($1::uuid[])', [keys]);
    expect(jobs[0]!.n).toBe(keys.length);
    const worker = startWorker();
    const waited = await house('sweep', 'trust', ...args, '--out', join(dir, 'twice'), '--queue', url);
    expect(waited.code).toBe(0);
    expect(await stopWorker(worker)).toContain(`worker stopped: ${keys.length} runs played, 0 failed, 0 already done elsewhere`);
    expect(csv('twice').trim().split('\n').length).toBeGreaterThan(keys.length);
  }, 180_000);

  test('a poisoned run (a config the engine refuses) ends as a failed job with its error in the summary, not retried; the worker prints the error escaped, on one line', async () => {
    const { plan } = parseSweepArgs(['trust', '--seeds', '3', '--population', 'copycat:1,random:1', '--treatment', 'missChance=0.05']);
    const game = gameById('trust');
    const specs = planRuns(plan, game);
    // A setting named with a newline and terminal escapes: the engine's error quotes it.
    const poisoned: RunSpec = { ...specs[1]!, config: { maxRounds: -3, 'x\u001b[2J\nfake line': 1 } };
    const mixed = [specs[0]!, poisoned, specs[2]!];
    const worker = startWorker();
    const log: string[] = [];
    const outcome = await runOnQueue(url, { name: 'poisoned-trust', kind: 'sweep', game: 'trust', plan: JSON.stringify({ poisoned: true }), specs: mixed, label: 'trust sweep', unit: 'runs' }, true, (line) => log.push(line));
    expect([...outcome!.results.keys()]).toEqual([specs[0]!.id, specs[2]!.id]);
    expect(outcome!.failed).toHaveLength(1);
    expect(outcome!.failed[0]!.id).toBe(poisoned.id);
    expect(outcome!.failed[0]!.error).toContain('maxRounds');
    const job = await query<{ state: string; retry_count: number }>('SELECT state::text AS state, retry_count FROM house_queue.job WHERE id = $1::uuid', [runKey(poisoned)]);
    expect(job).toEqual([{ state: 'failed', retry_count: 0 }]);
    const store = SweepStore.open(join(dir, 'poisoned'), plan);
    writeSweepOutputs(store, game, plan, [...outcome!.results.values()], outcome!.failed);
    const summary = readFileSync(join(dir, 'poisoned', 'summary.md'), 'utf8');
    expect(summary).toContain(`## Failed runs (1)\n\n- ${poisoned.id}: `);
    expect(summary).toContain('maxRounds');
    const status = await house('sweep-status', 'poisoned-trust', '--queue', url);
    expect(status.stdout.trim()).toBe('poisoned-trust (trust sweep, finished with failures): 2/3 done, 1 failed, 0 running, 0 waiting');
    const printed = await stopWorker(worker);
    expect(printed).toContain('worker stopped: 2 runs played, 1 failed');
    expect(printed).not.toContain('\u001b');
    expect(printed.split('\n').filter((l) => l.startsWith(`run ${poisoned.id} failed: `))).toHaveLength(1);
    expect(printed).toContain('x\\u001b[2J\\nfake line');
    const tab = await queueSweeps(url);
    expect(tab.ok && tab.sweeps.find((s) => s.name === 'poisoned-trust')).toMatchObject({ game: 'trust', kind: 'sweep', runs: 3, done: 2, failed: 1, running: 0 });
  }, 180_000);

  test('runs with model seats go to workers with a key, through their provider gates, and leave their usage rows', async () => {
    const stub = startOpenAiStub();
    try {
      const env = { ...process.env, OPENAI_API_KEY: 'stub', OPENAI_BASE_URL: stub.baseUrl };
      const args = ['trust', '--seeds', '2', '--rounds', '3', '--population', 'model:gpt-4o-mini:1,grudger:1'];
      const worker = spawnWorker(url, ['--concurrency', '1', '--model-runs', '2', '--games', 'trust'], env);
      workers.add(worker);
      const cli = async (...more: string[]) => {
        const proc = Bun.spawn([process.execPath, HOUSE_MAIN, 'sweep', ...args, ...more], { stdin: 'ignore', stdout: 'pipe', stderr: 'pipe', env });
        const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
        return { code: await proc.exited, stdout, stderr };
      };
      const queued = await cli('--out', join(dir, 'model-queue'), '--queue', url);
      expect(queued.code).toBe(0);
      expect((await cli('--out', join(dir, 'model-local'), '--workers', '0')).code).toBe(0);
      expect(csv('model-queue')).toBe(csv('model-local'));
      const usage = await query<{ metric: string; n: number; whole: number }>('SELECT metric, count(*)::int AS n, sum(whole)::float8 AS whole FROM house_lab.usage GROUP BY metric ORDER BY metric');
      expect(usage.map((u) => [u.metric, u.n])).toEqual([['usage:calls', 2], ['usage:cost', 2], ['usage:fallbacks', 2], ['usage:tokens', 2]]);
      expect(usage.find((u) => u.metric === 'usage:calls')!.whole).toBeGreaterThanOrEqual(2 * 3);
      const inputs = await query<{ lineup: string[] }>("SELECT lineup FROM house_lab.rating_inputs WHERE game = 'trust' AND 'model:gpt-4o-mini' = ANY(lineup)");
      expect(inputs).toHaveLength(2);
      expect(await stopWorker(worker)).toContain('worker stopped: 2 runs played, 0 failed');
    } finally {
      await stub.stop();
    }
  }, 180_000);

  test("the House tab's reading of a queue it cannot reach is its error, the password hidden", async () => {
    const reading = await queueSweeps('postgresql://house:s3cret-pw@127.0.0.1:1/nowhere');
    expect(reading.ok).toBe(false);
    expect(JSON.stringify(reading)).not.toContain('s3cret-pw');
  }, 30_000);
});
