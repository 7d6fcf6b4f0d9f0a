import { describe, expect, test } from 'bun:test';
import { ModelHttpError } from './httpModelClient.ts';
import { gateLimitsSchema, isRetryable, ProviderGate } from './providerGate.ts';

const limits = (extra: Partial<ReturnType<typeof gateLimitsSchema.parse>> = {}) => gateLimitsSchema.parse({ baseDelayMs: 10, maxDelayMs: 40, timeoutMs: 1000, ...extra });
const rateLimited = () => new ModelHttpError('429 Too Many Requests', 429, {});

describe('ProviderGate', () => {
  test('a rate-limited call waits a jittered backoff and tries again; every retry is noted', async () => {
    const gate = new ProviderGate('p', limits(), () => 0.5);
    let n = 0;
    const result = await gate.call(async () => {
      n += 1;
      if (n < 3) throw rateLimited();
      return 'ok';
    });
    expect(result.text).toBe('ok');
    expect(result.retries.map((r) => r.error)).toEqual(['429 rate-limited', '429 rate-limited']);
    expect(result.retries.map((r) => r.waitMs)).toEqual([8, 15]);
  });

  test('a refusal is not retried; after the last retry the call fails with the last error, as its status and reason class only', async () => {
    const gate = new ProviderGate('p', limits({ retries: 2 }), () => 0);
    const unauthorized = new ModelHttpError('401 Unauthorized', 401, {}, 'bad key sk-echoed-0123456789');
    const refused = await gate.call(async () => {
      throw unauthorized;
    });
    expect(refused).toMatchObject({ text: null, error: '401 unauthorized', failure: { status: 401, reason: 'unauthorized' }, retries: [] });
    // The error itself is handed back for the debug log, never in the texts the recorder keeps.
    expect(refused.causes).toEqual([unauthorized]);
    const gone = await gate.call(async () => {
      throw new Error('fetch failed: ECONNREFUSED');
    });
    expect(gone.text).toBeNull();
    expect(gone.retries).toEqual([
      { error: 'network', waitMs: 5 },
      { error: 'network', waitMs: 10 },
    ]);
    expect(gone).toMatchObject({ error: 'network', failure: { status: null, reason: 'network' } });
    expect(gone.causes).toHaveLength(3);
  });

  test('a slow answer times out and is retried', async () => {
    const gate = new ProviderGate('p', limits({ timeoutMs: 30, retries: 1 }), () => 0);
    let n = 0;
    const result = await gate.call(async () => {
      n += 1;
      if (n === 1) await Bun.sleep(200);
      return 'second';
    });
    expect(result).toMatchObject({ text: 'second', retries: [{ error: 'timeout', waitMs: 5 }] });
  });

  test('retry-after from the provider is respected (capped by the longest backoff)', async () => {
    const gate = new ProviderGate('p', limits({ maxDelayMs: 500 }), () => 0);
    let n = 0;
    const result = await gate.call(async () => {
      n += 1;
      if (n === 1) throw new ModelHttpError('429', 429, { 'retry-after-ms': '120' });
      return 'ok';
    });
    expect(result.retries[0]!.waitMs).toBe(120);
  });

  test('no more calls in flight than the limit, and a retrying call holds no slot while it waits', async () => {
    const gate = new ProviderGate('p', limits({ inFlight: 2, baseDelayMs: 80, maxDelayMs: 80 }), () => 1);
    let running = 0;
    let peak = 0;
    const order: string[] = [];
    const call = (name: string, failFirst: boolean) => {
      let tries = 0;
      return gate.call(async () => {
        tries += 1;
        running += 1;
        peak = Math.max(peak, running);
        await Bun.sleep(10);
        running -= 1;
        if (failFirst && tries === 1) throw rateLimited();
        order.push(name);
        return name;
      });
    };
    const results = await Promise.all([call('slowpoke', true), call('b', false), call('c', false), call('d', false), call('e', false)]);
    expect(results.map((r) => r.text)).toEqual(['slowpoke', 'b', 'c', 'd', 'e']);
    expect(peak).toBe(2);
    expect(order.at(-1)).toBe('slowpoke');
  });

  test('what counts as worth another try', () => {
    expect(isRetryable(rateLimited())).toBe(true);
    expect(isRetryable(new ModelHttpError('503', 503, {}))).toBe(true);
    expect(isRetryable(new ModelHttpError('400', 400, {}))).toBe(false);
    expect(isRetryable({ lastError: { statusCode: 429 } })).toBe(true);
    expect(isRetryable(new Error('ECONNRESET'))).toBe(true);
    expect(isRetryable(new Error('the answer has no choices'))).toBe(false);
  });
});
