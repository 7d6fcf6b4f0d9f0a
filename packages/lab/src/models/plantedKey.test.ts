import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { startOpenAiStub, type StubFault } from '../testing/openaiStub.ts';
import { failureText, type ProviderFailure } from './providerError.ts';

/**
 * A fake key planted everywhere a provider can echo it (issues 13 and 23):
 * the key itself, the base URL's `user:password@` and `?api-key=`, a 401 body
 * that quotes the key, the Authorization header and the key in other forms
 * (upper-cased, cut short, split by spaces, base64 of `user:key`, hex), a 429
 * before it (a retry note), and a server that is not there at all. Headless
 * `play` with a model seat then writes its files; none of them, and nothing
 * it prints, holds a secret, and the record keeps only status, reason and provider.
 */

const KEY = 'sk-planted-4f1e9c0b7a2d6e35XYZ';
const URL_PASSWORD = 'urlpass-77c1d0a9';
const QUERY_KEY = 'querykey-5b2e8f31';
/** The key as servers echo it in other forms (issue 23): upper-cased, its first 24 characters, split by spaces, base64 of `user:key`, hex of the key and of `user:key`. */
const OTHER_FORMS = [KEY.toUpperCase(), KEY.slice(0, 24), KEY.match(/.{1,4}/g)!.join(' '), Buffer.from(`user:${KEY}`).toString('base64'), Buffer.from(KEY).toString('hex'), Buffer.from(`user:${KEY}`).toString('hex').toUpperCase()];
const secrets = [KEY, URL_PASSWORD, QUERY_KEY, encodeURIComponent(KEY), Buffer.from(`user:${URL_PASSWORD}`).toString('base64'), ...OTHER_FORMS];

const stub = startOpenAiStub({ strategy: 'copycat' });
afterAll(() => stub.stop());

const echo = (status: number): StubFault => ({
  status,
  headers: status === 429 ? { 'retry-after-ms': '5' } : {},
  message: `Incorrect API key provided: ${KEY}. Request had Authorization: Bearer ${KEY}; url http://user:${URL_PASSWORD}@127.0.0.1/v1?api-key=${QUERY_KEY}; seen as ${OTHER_FORMS.join(', ')}`,
});

async function play(baseUrl: string): Promise<{ out: string; printed: string }> {
  const out = mkdtempSync(join(tmpdir(), 'house-echoed-'));
  const config = join(mkdtempSync(join(tmpdir(), 'house-echoed-config-')), 'config.json');
  writeFileSync(config, JSON.stringify({ maxRounds: 4 }));
  const run = Bun.spawn([process.execPath, HOUSE_MAIN, 'play', 'trust', '--seed', '3', '--players', 'model:gpt-4o/copycat,copycat', '--out', out, '--config', config], {
    env: { ...process.env, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: baseUrl, HOUSE_MODEL_RETRIES: '1', HOUSE_MODEL_RETRY_BASE_MS: '1', HOUSE_MODEL_RETRY_MAX_MS: '5', HOUSE_MODEL_TIMEOUT_MS: '2000' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
  return { out, printed: stdout + stderr };
}

/** Every file under `dir`, with its text. */
function filesOf(dir: string): Array<[string, string]> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name), 'utf8')]);
}

function expectNoSecret(where: string, text: string): void {
  for (const secret of secrets) if (text.includes(secret)) throw new Error(`${where} holds the planted secret ${secret}`);
  // Nor any 8 characters of the key in a row, in any case, with or without spaces between them.
  const flat = text.replace(/\s+/g, '').toLowerCase();
  for (let i = 0; i + 8 <= KEY.length; i++) if (flat.includes(KEY.slice(i, i + 8).toLowerCase())) throw new Error(`${where} holds part of the planted key: ${KEY.slice(i, i + 8)}`);
}

describe('a planted key never reaches what play writes or prints', () => {
  test('echoed by a 401 after a 429, through a base URL with user:password@ and ?api-key=', async () => {
    stub.options.fault = (n) => (n % 3 === 0 ? echo(429) : n % 3 === 1 ? echo(401) : null);
    const base = new URL(stub.baseUrl);
    const { out, printed } = await play(`http://user:${URL_PASSWORD}@${base.host}/v1`);
    stub.options.fault = undefined;
    expect(stub.faults.length).toBeGreaterThan(0);
    const match = JSON.parse(readFileSync(join(out, 'match.json'), 'utf8'));
    const calls = match.record.calls as Array<{ error: string | null; failure?: unknown; provider: string; retries: Array<{ error: string }> }>;
    // The record still says what went wrong, and only that: the status, its reason class and the provider, never the provider's words.
    const provider = `http@http://[redacted]@${base.host}/v1`;
    expect(calls[0]!.provider).toBe(provider);
    const refused = calls.filter((c) => c.error !== null);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.some((c) => c.error === `401 unauthorized from ${provider}` && JSON.stringify(c.failure) === '{"status":401,"reason":"unauthorized"}')).toBe(true);
    // Every failure in those words alone (a slow machine may add a timeout).
    for (const c of refused) expect(c.error).toBe(failureText(c.failure as ProviderFailure, provider));
    expect(calls.some((c) => c.retries.some((r) => r.error === '429 rate-limited'))).toBe(true);
    expect(JSON.stringify(match)).not.toContain('Incorrect API key');
    const events = readFileSync(join(out, 'events.jsonl'), 'utf8');
    expect(events).toContain('decision_missing');
    for (const [path, text] of filesOf(out)) expectNoSecret(path, text);
    expectNoSecret('stdout and stderr', printed);
  }, 60_000);

  test('a base URL with ?api-key= (the requests then miss), and a server that is not there', async () => {
    const base = new URL(stub.baseUrl);
    for (const url of [`http://${base.host}/v1?api-key=${QUERY_KEY}`, `http://user:${URL_PASSWORD}@127.0.0.1:9/v1?api-key=${QUERY_KEY}`]) {
      const { out, printed } = await play(url);
      const match = JSON.parse(readFileSync(join(out, 'match.json'), 'utf8'));
      const calls = match.record.calls as Array<{ error: string | null }>;
      expect(calls.every((c) => c.error !== null)).toBe(true);
      // A server that is not there is a network failure; one that answers with an error page for a URL it does not route, a refusal.
      expect(calls.every((c) => /^(404 refused|network) from http@/.test(c.error!))).toBe(true);
      for (const [path, text] of filesOf(out)) expectNoSecret(path, text);
      expectNoSecret('stdout and stderr', printed);
    }
  }, 60_000);
});
