import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOUSE_MAIN } from '../cli/runHouseCli.ts';
import { startOpenAiStub, type StubFault } from '../testing/openaiStub.ts';

/**
 * A fake key planted everywhere a provider can echo it (issue 13): the key
 * itself, the base URL's `user:password@` and `?api-key=`, a 401 body that
 * quotes the key and the Authorization header, a 429 before it (a retry note),
 * and a server that is not there at all. Headless `play` with a model seat
 * then writes its files; none of them, and nothing it prints, holds a secret.
 */

const KEY = 'sk-planted-4f1e9c0b7a2d6e35XYZ';
const URL_PASSWORD = 'urlpass-77c1d0a9';
const QUERY_KEY = 'querykey-5b2e8f31';
const secrets = [KEY, URL_PASSWORD, QUERY_KEY, encodeURIComponent(KEY), Buffer.from(`user:${URL_PASSWORD}`).toString('base64')];

const stub = startOpenAiStub({ strategy: 'copycat' });
afterAll(() => stub.stop());

const echo = (status: number): StubFault => ({
  status,
  headers: status === 429 ? { 'retry-after-ms': '5' } : {},
  message: `Incorrect API key provided: ${KEY}. Request had Authorization: Bearer ${KEY}; url http://user:${URL_PASSWORD}@127.0.0.1/v1?api-key=${QUERY_KEY}`,
});

async function play(baseUrl: string): Promise<{ out: string; printed: string }> {
  const out = mkdtempSync(join(tmpdir(), 'house-planted-'));
  const config = join(mkdtempSync(join(tmpdir(), 'house-planted-config-')), 'config.json');
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
}

describe('a planted key never reaches what play writes or prints', () => {
  test('echoed by a 401 after a 429, through a base URL with user:password@ and ?api-key=', async () => {
    stub.options.fault = (n) => (n % 3 === 0 ? echo(429) : n % 3 === 1 ? echo(401) : null);
    const base = new URL(stub.baseUrl);
    const { out, printed } = await play(`http://user:${URL_PASSWORD}@${base.host}/v1`);
    stub.options.fault = undefined;
    expect(stub.faults.length).toBeGreaterThan(0);
    const match = JSON.parse(readFileSync(join(out, 'match.json'), 'utf8'));
    const calls = match.record.calls as Array<{ error: string | null; provider: string; retries: Array<{ error: string }> }>;
    // The record still says what went wrong: the status and the redacted message.
    expect(calls.some((c) => c.error?.startsWith('401 Unauthorized: ') && c.error.includes('Incorrect API key provided: [redacted]'))).toBe(true);
    expect(calls.some((c) => c.retries.some((r) => r.error.startsWith('429 ')))).toBe(true);
    expect(calls[0]!.provider).toBe(`http@http://[redacted]@${base.host}/v1`);
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
      expect((match.record.calls as Array<{ error: string | null }>).every((c) => c.error !== null)).toBe(true);
      for (const [path, text] of filesOf(out)) expectNoSecret(path, text);
      expectNoSecret('stdout and stderr', printed);
    }
  }, 60_000);
});
