import { join } from 'node:path';
import type { Subprocess } from 'bun';

const script = join(import.meta.dir, '../../../../packages/lab/src/remote/reference/runReferenceAgent.ts');

/** A reference agent in a process of its own: its ready line's URL, every line it printed, and a way to kill it. */
export interface AgentProcess {
  url: string;
  lines: Array<Record<string, unknown>>;
  proc: Subprocess;
  /** Turn ids it answered (a served agent) or handed in (an MCP agent). */
  turns(): string[];
  /** Resolves when the process has exited. */
  exited: Promise<number>;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * Starts `runReferenceAgent.ts` (`a2a`, `http` or `mcp`) with `args` in a new
 * bun process and waits for its ready line (at most `readyMs`).
 */
export async function spawnAgent(kind: 'a2a' | 'http' | 'mcp', args: string[] = [], readyMs = 30_000): Promise<AgentProcess> {
  const proc = Bun.spawn([process.execPath, script, kind, ...args], { stdout: 'pipe', stderr: 'inherit', env: { ...process.env, LOG_LEVEL: 'error' } });
  const lines: Array<Record<string, unknown>> = [];
  let ready: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => (ready = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        if (typeof line.url === 'string') ready(line.url);
        if (typeof line.connecting === 'string') ready(line.connecting);
      }
    }
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the ${kind} agent was not ready within ${readyMs} ms`)), readyMs)));
  const found = await Promise.race([url, late]).finally(() => clearTimeout(timer));
  return {
    url: found,
    lines,
    proc,
    turns: () => lines.filter((l) => typeof l.turn === 'string').map((l) => l.turn as string),
    exited: proc.exited,
    kill: (signal = 'SIGKILL') => proc.kill(signal),
  };
}
