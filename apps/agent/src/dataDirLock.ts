import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

/** What a host says when it cannot start: one line for a person, no stack trace. */
export class HostError extends Error {}

interface LockInfo {
  pid: number;
  host: string;
  started: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One host per PGLite data directory: a lock file beside it (`<dir>.lock`,
 * outside the folder PGLite owns) holds the pid of the host using it. A second
 * host on the same directory stops with one line naming the first, before it
 * touches the data. A lock left by a process that is gone (killed with
 * SIGKILL) is taken over.
 */
export function lockDataDir(dir: string): { path: string; release(): void } {
  const path = `${resolve(dir)}.lock`;
  const mine: LockInfo = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${JSON.stringify(mine)}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const held = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
          if (held.pid === process.pid) rmSync(path, { force: true });
        } catch {
          // Already gone, or taken over by another host: nothing of ours to remove.
        }
      };
      process.once('exit', release);
      return { path, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new HostError(`cannot lock the data directory ${dir} (${path}): ${(error as Error).message}`);
    }
    let held: LockInfo | null = null;
    try {
      held = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    } catch {
      held = null;
    }
    const elsewhere = held && held.host !== mine.host;
    if (held && (elsewhere || alive(held.pid))) {
      throw new HostError(
        `another House (pid ${held.pid}${elsewhere ? ` on ${held.host}` : ''}, started ${held.started}) is using the data directory ${resolve(dir)}; stop it first, or start this one with PGLITE_DATA_DIR set to another folder (lock: ${path})`,
      );
    }
    rmSync(path, { force: true });
  }
  throw new HostError(`cannot lock the data directory ${dir}: ${path} keeps coming back`);
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
