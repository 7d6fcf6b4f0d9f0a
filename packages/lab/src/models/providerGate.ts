import PQueue from 'p-queue';
import { z } from 'zod';
import { ONE_DAY_MS } from '@the-house/games/engine/timerBounds.ts';
import type { RetryNote } from './modelCall.ts';

/**
 * Limits of one provider (a base URL and key): calls in flight, calls started
 * per rolling minute, and how a rate-limited, failed or slow call is retried.
 */
export const gateLimitsSchema = z
  .object({
    inFlight: z.number().int().min(1).max(1000).default(8),
    perMinute: z.number().int().min(1).max(1_000_000).default(600),
    retries: z.number().int().min(0).max(10).default(3),
    // Timers at most a day: past 2^31-1 ms they fire at once.
    baseDelayMs: z.number().int().min(0).max(ONE_DAY_MS).default(500),
    maxDelayMs: z.number().int().min(0).max(ONE_DAY_MS).default(8_000),
    timeoutMs: z.number().int().min(1).max(ONE_DAY_MS).default(60_000),
  })
  .strict();

export type GateLimits = z.infer<typeof gateLimitsSchema>;

export interface GateResult {
  text: string | null;
  error: string | null;
  retries: RetryNote[];
  latencyMs: number;
}

class CallTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

type Settled = { ok: true; text: string } | { ok: false; error: unknown };

function settle(call: () => Promise<string>, timeoutMs: number): Promise<Settled> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Settled>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: new CallTimeout(timeoutMs) }), timeoutMs);
  });
  const answer = Promise.resolve()
    .then(call)
    .then(
      (text): Settled => ({ ok: true, text: String(text) }),
      (error): Settled => ({ ok: false, error }),
    );
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

interface ErrorShape {
  statusCode?: unknown;
  status?: unknown;
  isRetryable?: unknown;
  lastError?: unknown;
  cause?: unknown;
  message?: unknown;
  responseHeaders?: Record<string, string>;
}

/** The provider's error itself: SDKs wrap the last HTTP error of their own retries. */
function innermost(error: unknown): ErrorShape {
  let e = (error ?? {}) as ErrorShape;
  for (let i = 0; i < 4 && e.lastError && typeof e.lastError === 'object'; i++) e = e.lastError as ErrorShape;
  return e;
}

function statusOf(error: unknown): number | null {
  const e = innermost(error);
  for (const v of [e.statusCode, e.status, (e.cause as ErrorShape | undefined)?.statusCode]) if (typeof v === 'number') return v;
  const m = /\b(429|5\d\d)\b/.exec(String(e.message ?? ''));
  return m ? Number(m[1]) : null;
}

/** Rate limits (429), server errors (5xx), timeouts and dropped connections are worth another try; a refusal (other 4xx) is not. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof CallTimeout) return true;
  const status = statusOf(error);
  if (status !== null) return status === 429 || status === 408 || status >= 500;
  const e = innermost(error);
  if (e.isRetryable === true) return true;
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|fetch failed|socket|network|Unable to connect|timed? ?out/i.test(String(e.message ?? error));
}

/** What the provider asked us to wait, from `retry-after-ms` or `retry-after` (seconds), if it said. */
function retryAfterMs(error: unknown): number {
  const headers = innermost(error).responseHeaders ?? {};
  const ms = Number(headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms > 0) return ms;
  const s = Number(headers['retry-after']);
  return Number.isFinite(s) && s > 0 ? s * 1000 : 0;
}

export function describeError(error: unknown): string {
  const status = statusOf(error);
  const e = innermost(error);
  const text = typeof e.message === 'string' && e.message ? e.message : String(error);
  return status !== null && !text.includes(String(status)) ? `${status}: ${text}` : text;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });

/**
 * The calls to one provider. Every attempt waits for a slot (at most
 * `inFlight` at once, `perMinute` starts per rolling minute) in arrival order;
 * a retry gives its slot back, waits a jittered backoff, and queues again
 * behind the others, so no player waits behind another's retries. After
 * `retries` retries the call fails with the last error and the caller falls back.
 */
export class ProviderGate {
  private readonly queue: PQueue;

  constructor(
    readonly key: string,
    readonly limits: GateLimits,
    private readonly random: () => number = Math.random,
  ) {
    this.queue = new PQueue({ concurrency: limits.inFlight, intervalCap: limits.perMinute, interval: 60_000, strict: true });
  }

  /** Calls running now, and calls waiting for a slot. */
  load(): { inFlight: number; waiting: number } {
    return { inFlight: this.queue.pending, waiting: this.queue.size };
  }

  async call(attempt: () => Promise<string>, signal?: AbortSignal): Promise<GateResult> {
    const started = performance.now();
    const retries: RetryNote[] = [];
    for (let n = 0; ; n++) {
      const outcome = (await this.queue.add(() => settle(attempt, this.limits.timeoutMs))) as Settled;
      const latencyMs = performance.now() - started;
      if (outcome.ok) return { text: outcome.text, error: null, retries, latencyMs };
      const error = describeError(outcome.error);
      if (!isRetryable(outcome.error) || n >= this.limits.retries || signal?.aborted) return { text: null, error, retries, latencyMs };
      const cap = Math.min(this.limits.maxDelayMs, this.limits.baseDelayMs * 2 ** n);
      const waitMs = Math.max(Math.round(cap / 2 + (this.random() * cap) / 2), Math.min(retryAfterMs(outcome.error), this.limits.maxDelayMs));
      retries.push({ error, waitMs });
      await sleep(waitMs, signal);
    }
  }
}
