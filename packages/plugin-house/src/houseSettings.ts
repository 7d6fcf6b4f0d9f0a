import type { IAgentRuntime } from '@elizaos/core';
import { ONE_DAY_MS } from '@the-house/games/engine/timerBounds.ts';

/**
 * A numeric House setting (runtime setting, else the environment); anything
 * missing, negative, not a number or above `max` gives `fallback`, and a value
 * given but refused is logged once per read. The default bound is a day in
 * ms: most settings are timers, and a timer past 2^31-1 ms fires at once.
 */
export function numberSetting(runtime: IAgentRuntime, key: string, fallback: number, max: number = ONE_DAY_MS): number {
  const raw = runtime.getSetting(key) ?? process.env[key];
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (Number.isFinite(n) && n >= 0 && n <= max) return n;
  runtime.logger.warn(`House: ${key} must be a number from 0 to ${max}, got '${String(raw)}'; using ${fallback}`);
  return fallback;
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
