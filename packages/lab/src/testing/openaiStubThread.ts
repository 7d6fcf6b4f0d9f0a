import type { OpenAiStubOptions, StubCall } from './openaiStub.ts';

/** Options a stub in another thread can take: plain data (no functions cross a thread). */
export type ThreadStubOptions = Omit<OpenAiStubOptions, 'mode' | 'answer' | 'viewOf' | 'fault'> & { mode?: 'model' | 'malformed' | 'invalid' };

export interface OpenAiStubThread {
  env(): Record<string, string>;
  /** Changes the stub's options between calls. */
  set(options: ThreadStubOptions): Promise<void>;
  /** The calls answered from the `from`-th on, their times on this thread's `performance.now()` clock. */
  calls(from?: number): Promise<StubCall[]>;
  stop(): Promise<void>;
}

/**
 * The OpenAI stub (`openaiStub.ts`) in a thread of its own, for benches: a
 * provider answers on its own machines, so its work (reading requests,
 * drawing answers, writing JSON) must not wait for the House's thread, nor the
 * House's for it. In-process, a request the House had sent was only read when
 * the House's thread was free, which charged its writes to the request. The
 * stub answers from the prompt (`model` by default): no function crosses a thread.
 */
export async function startOpenAiStubThread(options: ThreadStubOptions = {}): Promise<OpenAiStubThread> {
  const worker = new Worker(new URL('./openaiStubWorker.ts', import.meta.url).href);
  const replies: Array<(data: unknown) => void> = [];
  worker.onmessage = (event: MessageEvent) => replies.shift()?.(event.data);
  // Each request gets one reply, in order.
  const ask = <T>(message: unknown): Promise<T> =>
    new Promise<T>((resolve) => {
      replies.push(resolve as (data: unknown) => void);
      worker.postMessage(message);
    });
  const started = await ask<{ env: Record<string, string> }>({ type: 'start', options: { mode: 'model', ...options } });
  return {
    env: () => ({ ...started.env }),
    set: async (o) => void (await ask({ type: 'options', options: o })),
    calls: async (from = 0) => {
      const { calls } = await ask<{ calls: StubCall[] }>({ type: 'calls', from });
      return calls.map((c) => ({ ...c, receivedAt: c.receivedAt - performance.timeOrigin, answeredAt: c.answeredAt - performance.timeOrigin }));
    },
    stop: async () => {
      await ask({ type: 'stop' });
      worker.terminate();
    },
  };
}
