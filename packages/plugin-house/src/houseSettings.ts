import type { IAgentRuntime } from '@elizaos/core';

/** A numeric House setting (runtime setting, else the environment); anything missing, negative or not a number gives `fallback`. */
export function numberSetting(runtime: IAgentRuntime, key: string, fallback: number): number {
  const raw = runtime.getSetting(key) ?? process.env[key];
  const n = raw === undefined || raw === null || raw === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

/**
 * Lets timers and I/O run. With the database in this process (PGLite) and
 * in-process posts, a phase can complete without one real I/O wait; a match
 * with no round delay would then hold the event loop until it ends, starving
 * the server's HTTP, its socket.io and the other tables.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}

/** Waits `ms`, or less when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
