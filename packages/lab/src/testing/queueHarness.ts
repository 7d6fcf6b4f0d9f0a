import { SQL, type Subprocess } from 'bun';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';

/**
 * A database of its own on a PostgreSQL server, for one run of the queue
 * tests or benches (nothing an earlier run finished is found done), and its
 * removal. The name says who made it: `<prefix>_<pid>_<time>`.
 */
export async function freshDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  if (!/^\w{1,63}$/.test(name)) throw new Error(`'${name}' is not a database name`);
  const admin = new SQL(serverUrl, { max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  return {
    url,
    async drop() {
      const sql = new SQL(serverUrl, { max: 1 });
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await sql.close();
      }
    },
  };
}

export interface WorkerProcess {
  proc: Subprocess<'ignore', 'ignore', 'pipe'>;
  /** Resolves once the worker said it is taking jobs. */
  ready: Promise<void>;
  /** Stops it (SIGTERM: finishes its runs; SIGKILL: mid-run) and gives its whole log. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<string>;
}

/** `bun run house worker --queue <url> ...` in a process of its own, as on another machine. */
export function spawnWorker(url: string, args: readonly string[] = [], env: Record<string, string | undefined> = { ...process.env, OPENAI_API_KEY: '' }): WorkerProcess {
  const proc = Bun.spawn([process.execPath, HOUSE_MAIN, 'worker', '--queue', url, ...args], { stdin: 'ignore', stdout: 'ignore', stderr: 'pipe', env });
  let text = '';
  let seen: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    seen = resolve;
  });
  const log = (async () => {
    const decoder = new TextDecoder();
    const reader = proc.stderr.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
      if (/^worker \S+ on /m.test(text)) seen();
    }
    seen();
    return text;
  })();
  return {
    proc,
    ready,
    async stop(signal = 'SIGTERM') {
      proc.kill(signal);
      await proc.exited;
      return log;
    },
  };
}
