import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { startOpenAiStub, type OpenAiStub, type StubFault } from '@the-house/lab/testing/openaiStub.ts';
import { MatchStore } from '@the-house/plugin-house/matchStore.ts';
import { liveViewOf, startTestHost, testCharacters, waitForEnd, type TestHost } from './kit/testHost.ts';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/**
 * A fake key planted everywhere a provider can echo it (issue 13), with the
 * real host, plugin-openai and the House: OPENAI_API_KEY itself, the base
 * URL's `user:password@`, and a provider whose 429 and 401 bodies quote the
 * key, the Authorization header and a URL with `?api-key=`. After a match the
 * secret is in none of: the events, the database rows, the match file and its
 * prompts, the REST answer, and what the House logged.
 */

const KEY = 'sk-planted-9d3c5a7e1b0f2468QRS';
const URL_PASSWORD = 'urlpass-3e9a61c4';
const QUERY_KEY = 'querykey-c8d2f047';
const secrets = [KEY, URL_PASSWORD, QUERY_KEY, encodeURIComponent(KEY)];
const matchDir = mkdtempSync(join(tmpdir(), 'house-planted-'));

let stub: OpenAiStub;
let host: TestHost;
const logged: string[] = [];

const echo = (status: number): StubFault => ({
  status,
  headers: status === 429 ? { 'retry-after-ms': '5' } : {},
  message: `Incorrect API key provided: ${KEY}. Authorization: Bearer ${KEY}; see http://user:${URL_PASSWORD}@example.test/v1?api-key=${QUERY_KEY}`,
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
    for (const level of ['error', 'warn', 'info']) {
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
}

test('a provider that echoes the key: the record keeps the status and a redacted message, and no output holds a secret', async () => {
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
  expect(refused.every((c) => c.error!.includes('[redacted]'))).toBe(true);
  expect(saved.match.log.some((e) => e.type === 'decision_missing' && String((e.data as { why?: string }).why).includes('[redacted]'))).toBe(true);
  expectNoSecret('the database row', JSON.stringify(saved.match));
  expectNoSecret('the summary row', JSON.stringify(await host.service.summaryOf(opened.id)));

  const rest = await fetch(`${host.url}/house/matches/${opened.id}`);
  expect(rest.status).toBe(200);
  expectNoSecret('GET /house/matches/:id', await rest.text());
  expectNoSecret('GET /house/matches', await (await fetch(`${host.url}/house/matches`)).text());

  const files = readdirSync(matchDir).filter((f) => f.startsWith(opened.id));
  expect(files).toContain(`${opened.id}.match.json`);
  for (const file of files) expectNoSecret(file, readFileSync(join(matchDir, file), 'utf8'));
  expectNoSecret('the House log', logged.join('\n'));
}, 150_000);
