import type { Subprocess } from 'bun';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';

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
