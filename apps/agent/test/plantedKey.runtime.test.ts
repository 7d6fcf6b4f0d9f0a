import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { startOpenAiStub, type OpenAiStub, type StubFault } from '@the-house/lab/testing/openaiStub.ts';
import { failureText } from '@the-house/lab/models/providerError.ts';
import { MatchStore } from '@the-house/plugin-house/matchStore.ts';
import { liveViewOf, startTestHost, testCharacters, waitForEnd, type TestHost } from './kit/testHost.ts';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/**
 * A fake key planted everywhere a provider can echo it (issues 13 and 23),
 * with the real host, plugin-openai and the House: OPENAI_API_KEY itself, the
 * base URL's `user:password@`, and a provider whose 429 and 401 bodies quote
 * the key (also upper-cased, cut to 24 characters, split by spaces, base64 of
 * `user:key`, hex), the Authorization header and a URL with `?api-key=`.
 * After a match no form of the secret is in any of: the events, the database
 * rows, the match file and its prompts, the REST answer, and what the House
 * logged at any level; the record keeps the status, reason class and provider.
 */

const KEY = 'sk-planted-9d3c5a7e1b0f2468QRS';
const URL_PASSWORD = 'urlpass-3e9a61c4';
const QUERY_KEY = 'querykey-c8d2f047';
/** The key as servers echo it in other forms (issue 23): upper-cased, its first 24 characters, split by spaces, base64 of `user:key`, hex of the key and of `user:key`. */
const OTHER_FORMS = [KEY.toUpperCase(), KEY.slice(0, 24), KEY.match(/.{1,4}/g)!.join(' '), Buffer.from(`user:${KEY}`).toString('base64'), Buffer.from(KEY).toString('hex'), Buffer.from(`user:${KEY}`).toString('hex').toUpperCase()];
const secrets = [KEY, URL_PASSWORD, QUERY_KEY, encodeURIComponent(KEY), ...OTHER_FORMS];
const matchDir = mkdtempSync(join(tmpdir(), 'house-echoed-'));

let stub: OpenAiStub;
let host: TestHost;
const logged: string[] = [];

const echo = (status: number): StubFault => ({
  status,
  headers: status === 429 ? { 'retry-after-ms': '5' } : {},
  message: `Incorrect API key provided: ${KEY}. Authorization: Bearer ${KEY}; see http://user:${URL_PASSWORD}@example.test/v1?api-key=${QUERY_KEY}; seen as ${OTHER_FORMS.join(', ')}`,
});

beforeAll(async () => {
  stub = startOpenAiStub({ strategy: 'copycat' });
  const base = new URL(stub.baseUrl);
  host = await startTestHost({
    charactersDir: testCharacters(['Mia', 'Max'], 'model'),
    env: {
      ...stub.env(),
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: `http://user:${URL_PASSWORD}@${base.host}/v1`,
      HOUSE_ROUND_DELAY_MS: '0',
      HOUSE_MATCH_DIR: matchDir,
      HOUSE_MODEL_RETRIES: '1',
      HOUSE_MODEL_RETRY_BASE_MS: '5',
      HOUSE_MODEL_RETRY_MAX_MS: '20',
    },
  });
  stub.options.viewOf = liveViewOf(host);
  for (const runtime of [host.house, ...host.runtimes]) {
    const logger = runtime.logger as unknown as Record<string, (...args: unknown[]) => void>;
    // Debug too: the provider's own words may go there, redacted.
    for (const level of ['error', 'warn', 'info', 'debug']) {
      const original = logger[level]!.bind(logger);
      logger[level] = (...args: unknown[]) => {
        logged.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
        original(...args);
      };
    }
  }
}, 90_000);

afterAll(async () => {
  await host?.stop();
  await stub?.stop();
}, 30_000);

function expectNoSecret(where: string, text: string): void {
  for (const secret of secrets) if (text.includes(secret)) throw new Error(`${where} holds the planted secret ${secret}`);
  // Nor any 8 characters of the key in a row, in any case, with or without spaces between them.
  const flat = text.replace(/\s+/g, '').toLowerCase();
  for (let i = 0; i + 8 <= KEY.length; i++) if (flat.includes(KEY.slice(i, i + 8).toLowerCase())) throw new Error(`${where} holds part of the planted key: ${KEY.slice(i, i + 8)}`);
}

test('a provider that echoes the key in any form: the record keeps the status, its reason class and the provider, and no output holds a secret', async () => {
  // Mia's asks in rounds 2 and 3 are refused with the key quoted; a 429 quoting it comes first each time.
  const seen = new Map<string, number>();
  stub.options.fault = (_n, request: DecisionRequest | null) => {
    if (!request || request.player !== 'Mia' || (request.round !== 2 && request.round !== 3)) return null;
    const k = `${request.round}|${request.error ? 'repair' : 'ask'}`;
    const count = seen.get(k) ?? 0;
    seen.set(k, count + 1);
    return count < 3 ? echo(429) : echo(401);
  };
  const opened = await host.service.open('trust', ['Mia', 'Max'], 13, null, {}, null, { maxRounds: 4 });
  if (!opened.ok) throw new Error(opened.error);
  await waitForEnd(host.service, opened.id, 120_000);
  await host.service.finished(opened.id);
  stub.options.fault = undefined;
  expect(stub.faults.some((f) => 'status' in f.fault && f.fault.status === 401)).toBe(true);

  const saved = await new MatchStore(host.house).load(opened.id);
  if (!saved.ok) throw new Error(saved.damage);
  const refused = saved.match.record.calls.filter((c) => c.caller === 'Mia' && c.error !== null);
  expect(refused.length).toBeGreaterThan(0);
  const provider = `openai@http://[redacted]@${new URL(stub.baseUrl).host}/v1`;
  expect(refused.some((c) => c.error === `401 unauthorized from ${provider}` && c.failure?.status === 401 && c.failure.reason === 'unauthorized')).toBe(true);
  // Every failure in those words alone (a slow machine may add a timeout), and every retry note too.
  for (const c of refused) expect(c.error).toBe(failureText(c.failure!, provider));
  expect(refused.flatMap((c) => c.retries.map((r) => r.error))).toContain('429 rate-limited');
  expect(saved.match.log.some((e) => e.type === 'decision_missing' && String((e.data as { why?: string }).why).includes(`401 unauthorized from ${provider}`))).toBe(true);
  expect(JSON.stringify(saved.match)).not.toContain('Incorrect API key');
  expectNoSecret('the database row', JSON.stringify(saved.match));
  expectNoSecret('the summary row', JSON.stringify(await host.service.summaryOf(opened.id)));

  const rest = await fetch(`${host.url}/house/matches/${opened.id}`);
  expect(rest.status).toBe(200);
  const detail = await rest.text();
  expectNoSecret('GET /house/matches/:id', detail);
  expect(detail).not.toContain('Incorrect API key');
  expectNoSecret('GET /house/matches', await (await fetch(`${host.url}/house/matches`)).text());

  const files = readdirSync(matchDir).filter((f) => f.startsWith(opened.id));
  expect(files).toContain(`${opened.id}.match.json`);
  for (const file of files) expectNoSecret(file, readFileSync(join(matchDir, file), 'utf8'));
  expectNoSecret('the House log', logged.join('\n'));
  // The provider's words reached the debug log, redacted: an operator still reads why.
  expect(logged.some((line) => line.includes('House: model call failed: ') && line.includes('Incorrect API key provided: [redacted]'))).toBe(true);
}, 150_000);
