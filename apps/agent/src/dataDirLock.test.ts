import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostError, lockDataDir, lockPathOf } from './dataDirLock.ts';

const root = mkdtempSync(join(tmpdir(), 'house-lock-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The next line a stream gives, one call at a time. */
function linesOf(stream: ReadableStream<Uint8Array>): () => Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return async () => {
    while (!buffered.includes('\n')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the racer exited');
      buffered += decoder.decode(value, { stream: true });
    }
    const at = buffered.indexOf('\n');
    const line = buffered.slice(0, at);
    buffered = buffered.slice(at + 1);
    return line;
  };
}

/** A pid no process has now: the lock file of a host that was killed. */
function deadPid(): number {
  const child = Bun.spawnSync([process.execPath, '-e', 'console.log(process.pid)']);
  return Number(child.stdout.toString().trim());
}

describe('the data-directory lock', () => {
  test('a data directory whose parent does not exist yet is locked, the parent made (a fresh clone has no .eliza/)', () => {
    const dir = join(root, 'fresh', '.eliza', '.elizadb');
    const lock = lockDataDir(dir);
    expect(existsSync(join(root, 'fresh', '.eliza'))).toBe(true);
    expect(lock.path).toBe(`${dir}.lock`);
    lock.release();
  });

  test('the same folder reached through a symlink is the same lock', () => {
    const real = join(root, 'real');
    mkdirSync(real);
    symlinkSync(real, join(root, 'alias'));
    expect(lockPathOf(join(root, 'alias'))).toBe(`${real}.lock`);
    const lock = lockDataDir(join(root, 'alias'));
    expect(() => lockDataDir(real)).toThrow(HostError);
    lock.release();
    lockDataDir(real).release();
  });

  test('a second lock is refused with one line naming the holder; released, it can be taken again', () => {
    const dir = join(root, 'second');
    const lock = lockDataDir(dir);
    let line = '';
    try {
      lockDataDir(dir);
    } catch (error) {
      line = (error as Error).message;
    }
    expect(line).toStartWith(`another House (pid ${process.pid}, started `);
    expect(line).toContain(`is using the data directory ${dir}; stop it first`);
    expect(line).not.toContain('\n');
    lock.release();
    expect(readFileSync(lock.path, 'utf8')).toBe('');
    lockDataDir(dir).release();
  });

  test("a lock left by a killed process on this host is free, whatever the file says", () => {
    const dir = join(root, 'killed');
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: deadPid(), host: hostname(), started: '2026-01-01T00:00:00.000Z', renewed: Date.now() }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  test('another host: refused while it renews its lock, taken once it has not renewed for the stale time (a container recreated over a kept volume)', () => {
    const dir = join(root, 'elsewhere');
    const other = (renewed: number) => writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 1, host: 'a-container-gone', started: '2026-01-01T00:00:00.000Z', renewed }));
    other(Date.now() - 5_000);
    expect(() => lockDataDir(dir, { staleMs: 60_000 })).toThrow(/another House \(pid 1 on a-container-gone, .*\) renewed its lock .* 5 s ago; if that machine is gone, start again in 55 s/);
    other(Date.now() - 61_000);
    const lock = lockDataDir(dir, { staleMs: 60_000 });
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).host).toBe(hostname());
    lock.release();
    // A lock file from before renewals counts from when it was last written: an old one is stale.
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 1, host: 'a-container-gone', started: '2026-01-01T00:00:00.000Z' }));
    expect(() => lockDataDir(dir, { staleMs: 60_000 })).toThrow(HostError);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    utimesSync(`${dir}.lock`, twoMinutesAgo, twoMinutesAgo);
    lockDataDir(dir, { staleMs: 60_000 }).release();
  });

  test('a holder renews its lock while it runs', async () => {
    const dir = join(root, 'renewed');
    const lock = lockDataDir(dir, { renewMs: 20 });
    const first = JSON.parse(readFileSync(lock.path, 'utf8')).renewed as number;
    let now = first;
    for (let i = 0; i < 100 && now === first; i++) {
      await Bun.sleep(20);
      now = JSON.parse(readFileSync(lock.path, 'utf8') || '{"renewed":0}').renewed as number;
    }
    expect(now).toBeGreaterThan(first);
    lock.release();
  });

  test('8 processes racing for a stale lock, 50 times: exactly one holder each time', async () => {
    const racers = Array.from({ length: 8 }, () => Bun.spawn([process.execPath, join(import.meta.dir, '../test/kit/lockRacer.ts')], { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' }));
    const lines = racers.map((r) => linesOf(r.stdout));
    const answer = (i: number) => lines[i]!();
    try {
      const dead = deadPid();
      for (let trial = 0; trial < 50; trial++) {
        const dir = join(root, `race-${trial}`);
        // Stale both ways: a dead process of this host, or another host long silent.
        const stale = trial % 2 ? { pid: dead, host: hostname(), renewed: Date.now() } : { pid: 1, host: 'gone', renewed: 0 };
        writeFileSync(`${dir}.lock`, JSON.stringify({ ...stale, started: '2026-01-01T00:00:00.000Z' }));
        for (const r of racers) r.stdin.write(`lock ${dir}\n`);
        const results = await Promise.all(racers.map((_, i) => answer(i)));
        expect(results.filter((r) => r === `held ${dir}`)).toHaveLength(1);
        expect(results.filter((r) => r === `refused ${dir}`)).toHaveLength(7);
        for (const r of racers) r.stdin.write('release\n');
        await Promise.all(racers.map((_, i) => answer(i)));
      }
    } finally {
      for (const r of racers) r.kill();
    }
  }, 120_000);
});
