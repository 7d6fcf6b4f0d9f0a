// What serving one long match costs the host's memory: a 2,000-round Gold
// mining match of three offline players is played in one host (PGLite on
// disk), and a second host, started on the same database as after a restart,
// serves it as people read it: its JSON and its page (the latest rounds), its
// page's view a window of rounds at a time as the scrubber asks, the House
// tab, and the JSON of as many rounds as one request may ask for. Figures:
// the serving host's RSS (MB) before and after, and the largest answer (MB).
// Each host runs in a process of its own (PGLite keeps one database a
// process).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchInOwnProcess, runAsMain } from '@the-house/lab/bench/inOwnProcess.ts';
import type { HouseService } from '@the-house/plugin-house/houseService.ts';
import { startHost } from '../src/host.ts';
import { freePort } from '../test/kit/testHost.ts';

const ROUNDS = 2_000;
const MB = 1024 * 1024;
const ID_FILE = 'match-id';

const rss = (): number => {
  Bun.gc(true);
  return process.memoryUsage().rss / MB;
};

async function host(dir: string) {
  const env = process.env;
  Object.assign(env, { SENTRY_DSN: 'disabled', SERVER_HOST: '127.0.0.1', LOG_LEVEL: 'fatal', SECRET_SALT: 'house-bench', PGLITE_DATA_DIR: join(dir, 'db'), HOUSE_DATA_DIR: join(dir, 'data'), HOUSE_MATCH_DIR: join(dir, 'matches'), HOUSE_ROUND_DELAY_MS: '0', HOUSE_MAX_MATCH_HOURS: '1000' });
  delete env.POSTGRES_URL;
  delete env.CENTRAL_MESSAGE_SERVER_URL;
  const started = await startHost({ port: freePort(), players: ['Ada', 'Bram', 'Cleo'], env, log: () => {} });
  return { ...started, service: started.house.getService('house') as HouseService };
}

/** The first host: plays the match to its end and leaves its id beside the database. */
async function play(dir: string): Promise<Record<string, number>> {
  const h = await host(dir);
  try {
    const opened = await h.service.open('goldmine', ['Ada', 'Bram', 'Cleo'], 7, null, {}, null, { rounds: ROUNDS });
    if (!opened.ok) throw new Error(opened.error);
    await h.service.finished(opened.id);
    await Bun.write(join(dir, ID_FILE), opened.id);
    return {};
  } finally {
    await h.stop();
  }
}

/** The second host: serves the match as people read it, and says what that cost. */
async function serve(dir: string): Promise<Record<string, number>> {
  const h = await host(dir);
  try {
    const id = (await Bun.file(join(dir, ID_FILE)).text()).trim();
    const figures: Record<string, number> = { 'house_memory.rss_before_serving_mb': rss() };
    let largest = 0;
    const get = async (path: string, accept = 'application/json'): Promise<void> => {
      const res = await fetch(`${h.url}${path}`, { headers: { Accept: accept } });
      const body = await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      largest = Math.max(largest, body.byteLength / MB);
    };
    await get('/house/matches?per=100');
    await get(`/house/matches/${id}`);
    await get(`/house/matches/${id}`, 'text/html');
    await get(`/house/matches/${id}/view`);
    for (let from = 1; from <= ROUNDS; from += 250) await get(`/house/matches/${id}/view?from=${from}&to=${from + 99}`);
    await get(`/house/matches/${id}?from=1&to=${ROUNDS}`);
    await get('/house/dashboard/view');
    figures['house_memory.rss_after_serving_mb'] = rss();
    figures['house_memory.largest_answer_mb'] = largest;
    return figures;
  } finally {
    await h.stop();
  }
}

/** Both hosts, one process each, on a database of their own. */
async function measure(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'house-memory-'));
  try {
    for (const step of ['play', 'serve'] as const) {
      const child = Bun.spawn([process.execPath, import.meta.path, step, dir], { stdout: 'pipe', stderr: 'ignore', env: { ...process.env, SENTRY_DSN: 'disabled' } });
      const out = (await new Response(child.stdout).text()).trim().split('\n').at(-1) ?? '';
      await child.exited;
      if (child.exitCode !== 0 || !out.startsWith('{')) throw new Error(`house memory bench: ${step} failed (exit ${child.exitCode}): ${out.slice(-300)}`);
      if (step === 'serve') return JSON.parse(out) as Record<string, number>;
    }
    return {};
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function bench(): Promise<Record<string, number>> {
  return benchInOwnProcess(import.meta.path, 'house memory bench');
}

if (import.meta.main) {
  const [step, dir] = process.argv.slice(2);
  await runAsMain(step === 'play' ? () => play(dir!) : step === 'serve' ? () => serve(dir!) : measure);
}
