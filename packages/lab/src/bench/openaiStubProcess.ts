import { startOpenAiStub } from '../testing/openaiStub.ts';
import type { ThreadStubOptions } from '../testing/openaiStubThread.ts';

export interface OpenAiStubProcess {
  /** Settings that point @elizaos/plugin-openai at the stub. */
  env(): Record<string, string>;
  /** Stops the stub; resolves with the CPU time (ms) its process used and the text calls it answered. */
  stop(): Promise<{ cpuMs: number; calls: number }>;
}

/**
 * The OpenAI stub in a process of its own, for benches that charge the
 * House's process with its CPU time: a thread of the same process
 * (`startOpenAiStubThread`) shares `process.cpuUsage()` with the House, and a
 * provider answers on its own machines. It speaks over its stdin and stdout:
 * its settings as the first line out, `stop` in, its CPU time out.
 */
export async function startOpenAiStubProcess(options: ThreadStubOptions = {}): Promise<OpenAiStubProcess> {
  const child = Bun.spawn([process.execPath, import.meta.path, JSON.stringify({ mode: 'model', ...options })], { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' });
  const lines = readLines(child.stdout);
  const first = await lines.next();
  if (first.done) throw new Error(`the stub process ended before it started (exit ${await child.exited})`);
  const env = JSON.parse(first.value) as Record<string, string>;
  return {
    env: () => ({ ...env }),
    stop: async () => {
      child.stdin.write('stop\n');
      await child.stdin.flush();
      const last = await lines.next();
      await child.exited;
      if (last.done) throw new Error('the stub process ended without its figures');
      return JSON.parse(last.value) as { cpuMs: number; calls: number };
    },
  };
}

async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffered += decoder.decode(read.value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      yield buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
    }
  }
}

if (import.meta.main) {
  const stub = startOpenAiStub(JSON.parse(process.argv[2] ?? '{}') as ThreadStubOptions);
  console.log(JSON.stringify(stub.env()));
  for await (const line of readLines(Bun.stdin.stream())) {
    if (line.trim() !== 'stop') continue;
    const calls = stub.calls.length;
    await stub.stop();
    const cpu = process.cpuUsage();
    console.log(JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, calls }));
    process.exit(0);
  }
}
