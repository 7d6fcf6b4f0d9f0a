import PQueue from 'p-queue';
import { z } from 'zod';
import { ONE_DAY_MS } from '@the-house/games/engine/timerBounds.ts';
import type { RetryNote } from './modelCall.ts';
import { CallTimeout, classifyFailure, failureText, innermost, isRetryableFailure, type ProviderFailure } from './providerError.ts';

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
  /** The last attempt's failure in fixed words (`failureText`), never the provider's own. */
  error: string | null;
  failure: ProviderFailure | null;
  /** The errors themselves, every attempt's in order, for the host log at debug level only: they may quote the key. */
  causes: unknown[];
  retries: RetryNote[];
  latencyMs: number;
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

/** Rate limits (429), server errors (5xx), timeouts and dropped connections are worth another try; a refusal (other 4xx) is not. */
export function isRetryable(error: unknown): boolean {
  return isRetryableFailure(error, classifyFailure(error));
}

/** What the provider asked us to wait, from `retry-after-ms` or `retry-after` (seconds), if it said. */
function retryAfterMs(error: unknown): number {
  const headers = innermost(error).responseHeaders ?? {};
  const ms = Number(headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms > 0) return ms;
  const s = Number(headers['retry-after']);
  return Number.isFinite(s) && s > 0 ? s * 1000 : 0;
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
    const causes: unknown[] = [];
    for (let n = 0; ; n++) {
      const outcome = (await this.queue.add(() => settle(attempt, this.limits.timeoutMs))) as Settled;
      const latencyMs = performance.now() - started;
      if (outcome.ok) return { text: outcome.text, error: null, failure: null, causes, retries, latencyMs };
      causes.push(outcome.error);
      const failure = classifyFailure(outcome.error, signal?.aborted);
      const error = failureText(failure);
      if (!isRetryableFailure(outcome.error, failure) || n >= this.limits.retries || signal?.aborted) return { text: null, error, failure, causes, retries, latencyMs };
      const cap = Math.min(this.limits.maxDelayMs, this.limits.baseDelayMs * 2 ** n);
      const waitMs = Math.max(Math.round(cap / 2 + (this.random() * cap) / 2), Math.min(retryAfterMs(outcome.error), this.limits.maxDelayMs));
      retries.push({ error, waitMs });
      await sleep(waitMs, signal);
    }
  }
}
