import { afterAll, expect, test } from 'bun:test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from '../src/host.ts';
import { openedId, opens } from './kit/arenaScenarios.ts';
import { freePort, RestChat } from './kit/restChat.ts';

/**
 * The README's run command, exactly as a new user runs it: a fresh copy of
 * the repository (what a clone holds: no node_modules, no .eliza/, no .env),
 * `bun run dev` with the default environment but for PORT, the House asked
 * `!help` over the REST API, a Trust match played to its end, then Ctrl-C.
 */
const clone = mkdtempSync(join(tmpdir(), 'house-fresh-clone-'));
let child: ChildProcess | null = null;

afterAll(() => {
  try {
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group ended between the check and the kill.
  }
  rmSync(clone, { recursive: true, force: true });
});

/** The files a clone of this checkout would hold: tracked ones as they are now, and new ones git does not ignore. */
function copyCheckout(to: string): number {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const files = listed.stdout.split('\0').filter((f) => f && existsSync(join(repoRoot, f)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(repoRoot, file), join(to, file));
  }
  return files.length;
}

test("the README's `bun run dev` on a fresh clone: the House answers !help, plays a Trust match to its end, and Ctrl-C stops it cleanly", async () => {
  expect(readFileSync(join(repoRoot, 'README.md'), 'utf8')).toContain('command -v bun || npm install -g bun@1.4.5; bun run dev');
  expect(copyCheckout(clone)).toBeGreaterThan(100);
  expect(existsSync(join(clone, '.eliza'))).toBe(false);
  expect(existsSync(join(clone, 'node_modules'))).toBe(false);

  const port = await freePort();
  // A new user's shell: nothing of this test run's settings, only where bun and its cache are, and the port.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? clone, PORT: String(port) };
  if (process.env.BUN_INSTALL_CACHE_DIR) env.BUN_INSTALL_CACHE_DIR = process.env.BUN_INSTALL_CACHE_DIR;
  // Its own process group, as a terminal's foreground job: Ctrl-C reaches every process of it.
  const dev = spawn('bash', ['-c', 'command -v bun >/dev/null || npm install -g bun@1.4.5; bun run dev'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child = dev;
  const collect = (stream: NodeJS.ReadableStream) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    return () => text;
  };
  const stdout = collect(dev.stdout!);
  const stderr = collect(dev.stderr!);
  const exited = new Promise<number | null>((resolve) => dev.once('exit', (code) => resolve(code)));

  const chat = new RestChat(`http://127.0.0.1:${port}`, crypto.randomUUID(), 'Newcomer');
  const houseId = await chat.agentWhenUp('The House', () => (dev.exitCode === null ? null : `bun run dev exited ${dev.exitCode}: ${stderr().trim().split('\n').slice(-3).join(' | ')}`), 240_000, 250);
  const dm = await chat.dm(houseId);
  await chat.send(dm, '!help');
  expect(await chat.waitFor(dm, houseId, (t) => t.startsWith('**The House**'), 30_000)).toContain('!play');

  await chat.send(dm, '!play trust Ada Bram --seed 3 --delay 0');
  const id = openedId(await chat.waitFor(dm, houseId, opens(3), 30_000));
  let status = '';
  const ends = Date.now() + 120_000;
  while (status !== 'finished' && Date.now() < ends) {
    status = ((await (await fetch(`${chat.baseUrl}/house/matches/${id}`)).json()) as { summary: { status: string } }).summary.status;
    if (status !== 'finished') await Bun.sleep(200);
  }
  expect(status).toBe('finished');
  expect(existsSync(join(clone, '.eliza', '.elizadb'))).toBe(true);
  // The file is written when the match leaves its table, after its last posts: moments after it reads as finished.
  const file = join(clone, '.eliza', 'matches', `${id}.match.json`);
  const written = Date.now() + 30_000;
  while (!existsSync(file) && Date.now() < written) await Bun.sleep(100);
  expect(existsSync(file)).toBe(true);

  process.kill(-dev.pid!, 'SIGINT');
  expect(await exited).toBe(0);
  expect(stdout()).toContain('[host] stopped (SIGINT); open matches resume at the next start');
  expect(stderr()).not.toContain('error:');
}, 400_000);
