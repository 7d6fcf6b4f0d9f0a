import { closeSync, constants, fstatSync, ftruncateSync, mkdirSync, openSync, readSync, realpathSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { tryFlock, unflock } from './flock.ts';

/** What a host says when it cannot start: one line for a person, no stack trace. */
export class HostError extends Error {}

interface LockInfo {
  pid: number;
  host: string;
  started: string;
  /** When the holder last said it is alive (ms since the epoch). */
  renewed: number;
}

export interface DataDirLock {
  path: string;
  release(): void;
}

export interface LockOptions {
  /** How often a holder renews its lock. */
  renewMs?: number;
  /** A lock another host has not renewed for this long is stale. */
  staleMs?: number;
}

const RENEW_MS = 10_000;
const STALE_MS = 60_000;

/** The lock's path: `<dir>.lock` beside the folder, through every symlink, its parent made when missing. */
export function lockPathOf(dir: string): string {
  const full = resolve(dir);
  mkdirSync(dirname(full), { recursive: true });
  let real: string;
  try {
    real = realpathSync(full);
  } catch {
    real = join(realpathSync(dirname(full)), basename(full));
  }
  return `${real}.lock`;
}

function readInfo(fd: number): LockInfo | null {
  const size = Math.min(fstatSync(fd).size, 4096);
  if (size === 0) return null;
  const buffer = Buffer.alloc(size);
  readSync(fd, buffer, 0, size, 0);
  try {
    const info = JSON.parse(buffer.toString('utf8')) as Partial<LockInfo>;
    if (typeof info.pid !== 'number' || typeof info.host !== 'string') return null;
    // A lock from before renewals counts as renewed when its file last changed.
    return { pid: info.pid, host: info.host, started: String(info.started ?? ''), renewed: typeof info.renewed === 'number' ? info.renewed : fstatSync(fd).mtimeMs };
  } catch {
    return null;
  }
}

function writeInfo(fd: number, info: LockInfo | null): void {
  ftruncateSync(fd, 0);
  if (info) writeSync(fd, `${JSON.stringify(info)}\n`, 0);
}

/**
 * One host per PGLite data directory. The lock is a file beside the folder
 * (`<dir>.lock`, outside what PGLite owns) held with `flock(2)`: the kernel
 * gives it to exactly one open file at a time and takes it back when its
 * process ends, SIGKILL included, so a lock left by a dead process is simply
 * free, and racing starts cannot both win. The file says who holds it (pid,
 * host, start) for the refusal's line, and the holder renews it every few
 * seconds: a folder shared between machines (where one kernel cannot see the
 * other's lock) counts as held by another host until that host has not
 * renewed it for `staleMs`. A host that stops empties the file.
 */
export function lockDataDir(dir: string, options: LockOptions = {}): DataDirLock {
  const renewMs = options.renewMs ?? RENEW_MS;
  const staleMs = options.staleMs ?? STALE_MS;
  let path = `${resolve(dir)}.lock`;
  let fd: number;
  try {
    path = lockPathOf(dir);
    fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o644);
  } catch (error) {
    throw new HostError(`cannot lock the data directory ${dir} (${path}): ${(error as Error).message}`);
  }
  const refuse = (text: string): never => {
    closeSync(fd);
    throw new HostError(text);
  };
  let locked: boolean;
  try {
    locked = tryFlock(fd);
  } catch (error) {
    return refuse(`cannot lock the data directory ${dir} (${path}): ${(error as Error).message}`);
  }
  const held = readInfo(fd);
  const where = resolve(dir);
  if (!locked) {
    return refuse(
      `another House (${held ? `pid ${held.pid}${held.host !== hostname() ? ` on ${held.host}` : ''}, started ${held.started}` : 'starting now'}) is using the data directory ${where}; stop it first, or start this one with PGLITE_DATA_DIR set to another folder (lock: ${path})`,
    );
  }
  const now = Date.now();
  if (held && held.host !== hostname() && now - held.renewed < staleMs) {
    unflock(fd);
    const wait = Math.ceil((staleMs - (now - held.renewed)) / 1000);
    return refuse(
      `another House (pid ${held.pid} on ${held.host}, started ${held.started}) renewed its lock on the data directory ${where} ${Math.round((now - held.renewed) / 1000)} s ago; if that machine is gone, start again in ${wait} s, or set PGLITE_DATA_DIR to another folder (lock: ${path})`,
    );
  }
  const mine: LockInfo = { pid: process.pid, host: hostname(), started: new Date(now).toISOString(), renewed: now };
  writeInfo(fd, mine);
  const renew = setInterval(() => {
    try {
      writeInfo(fd, { ...mine, renewed: Date.now() });
    } catch {
      // The next renewal tries again; a holder on this host keeps its flock either way.
    }
  }, renewMs);
  renew.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(renew);
    try {
      writeInfo(fd, null);
      unflock(fd);
      closeSync(fd);
    } catch {
      // Closing is all that matters, and the kernel does it at exit anyway.
    }
  };
  process.once('exit', release);
  return { path, release };
}

/**
 * A database that would not open or migrate, in words: what it was and what
 * to do, instead of PGLite's "Failed query: CREATE SCHEMA ...".
 */
export function databaseError(error: unknown, where: string, postgres: boolean): HostError {
  const first = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
  return new HostError(
    postgres
      ? `could not open or migrate the PostgreSQL database (${first}); check POSTGRES_URL and that the server is up`
      : `could not open or migrate the database in ${where} (${first}); if another House uses it, stop that one; if the folder is damaged or holds other files, move it away (matches are also kept as files in HOUSE_MATCH_DIR) or set PGLITE_DATA_DIR to a new folder`,
  );
}
