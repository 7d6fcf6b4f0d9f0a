import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { readBundle } from '@the-house/lab/models/matchBundle.ts';
import { MatchStore } from '@the-house/plugin-house/matchStore.ts';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { replayMatch } from '@the-house/lab/seats/replayMatch.ts';
import { startOpenAiStub, type OpenAiStub, type StubFault, type StubMode } from '@the-house/lab/testing/openaiStub.ts';
import { startTestHost, testCharacters, waitForEnd, type TestHost } from './kit/testHost.ts';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const matchDir = mkdtempSync(join(tmpdir(), 'house-faults-'));
const key = (r: DecisionRequest) => `${r.matchId}|${r.player}|${r.round}|${r.error ? 'repair' : 'ask'}`;

/**
 * The provider misbehaves on chosen asks. plugin-openai's AI SDK retries a 429
 * or a 5xx twice on its own before it gives up, so the House's gate sees a
 * failed call only after three in a row.
 */
function faults(plan: Record<string, (seen: number) => StubFault | null>) {
  const seen = new Map<string, number>();
  return (_n: number, request: DecisionRequest | null): StubFault | null => {
    if (!request) return null;
    const k = key(request);
    const count = seen.get(k) ?? 0;
    seen.set(k, count + 1);
    const rule = plan[`${request.player}|${request.round}|${request.error ? 'repair' : 'ask'}`];
    return rule ? rule(count) : null;
  };
}

describe('a provider that rate-limits, stalls, refuses, talks nonsense and goes away', () => {
  let stub: OpenAiStub;
  let host: TestHost;

  beforeAll(async () => {
    stub = startOpenAiStub({ mode: 'model' });
    host = await startTestHost({
      charactersDir: testCharacters(['Mia', 'Max'], 'model'),
      env: {
        ...stub.env(),
        HOUSE_ROUND_DELAY_MS: '0',
        // A model-like player begs now and then: the observer's policy answers at once.
        HOUSE_BEG_TIMEOUT_MS: '200',
        HOUSE_MATCH_DIR: matchDir,
        HOUSE_MODEL_RETRIES: '2',
        HOUSE_MODEL_RETRY_BASE_MS: '20',
        HOUSE_MODEL_RETRY_MAX_MS: '60',
        // Far above what a busy CI machine takes to answer, so only the planned stall times out.
        HOUSE_MODEL_TIMEOUT_MS: '15000',
      },
    });
  }, 90_000);

  afterAll(async () => {
    await host?.stop();
    await stub?.stop();
  }, 30_000);

  test('the match finishes; every retry, refusal and fallback is in the record; the match file replays', async () => {
    const limited: StubFault = { status: 429, headers: { 'retry-after-ms': '10' }, message: 'Rate limit reached' };
    const gone: StubFault = { status: 503, headers: { 'retry-after-ms': '10' }, message: 'upstream gone' };
    stub.options.fault = faults({
      // Three 429s: the SDK gives up, the gate retries once, the fourth answers.
      'Mia|2|ask': (n) => (n < 3 ? limited : null),
      // Slower than the gate's timeout: abandoned and asked again.
      'Max|3|ask': (n) => (n === 0 ? { delayMs: 20_000 } : null),
      // A refusal is not retried: no answer, so the game's fallback plays.
      'Max|4|ask': () => ({ status: 401, message: 'Incorrect API key provided' }),
      // The server is down for a round: retries run out, fallbacks play, the match goes on.
      'Mia|5|ask': () => gone,
      'Max|5|ask': () => gone,
    });
    stub.options.mode = (r: DecisionRequest): StubMode => (r.player === 'Mia' && r.round === 6 && !r.error ? 'malformed' : 'model');
    const opened = await host.service.open('trust', ['Mia', 'Max'], 21);
    if (!opened.ok) throw new Error(opened.error);
    await waitForEnd(host.service, opened.id, 120_000);
    const detail = (await host.service.getMatch(opened.id))!;
    expect(detail.summary.status).toBe('finished');
    stub.options.fault = undefined;
    stub.options.mode = 'model';

    const saved = await new MatchStore(host.house).load(opened.id);
    if (!saved.ok) throw new Error(saved.damage);
    const stored = saved.match.record;
    const call = (player: string, round: number) => stored.calls.filter((c) => c.caller === player && c.round === round);
    expect(call('Mia', 2)).toHaveLength(1);
    // Each failure as its status and reason class (with the provider when the call failed), never the provider's words (issue 23).
    const provider = `openai@${stub.baseUrl}`;
    expect(call('Mia', 2)[0]!.retries.map((r) => r.error)).toEqual(['429 rate-limited']);
    expect(call('Mia', 2)[0]!.error).toBeNull();
    expect(call('Max', 3)[0]!.retries.map((r) => r.error)).toEqual(['timeout']);
    expect(call('Max', 4)[0]).toMatchObject({ error: `401 unauthorized from ${provider}`, failure: { status: 401, reason: 'unauthorized' }, retries: [] });
    expect(call('Mia', 5)[0]!.retries.map((r) => r.error)).toEqual(['503 server error', '503 server error']);
    expect(call('Mia', 5)[0]).toMatchObject({ error: `503 server error from ${provider}`, failure: { status: 503, reason: 'server error' } });
    expect(JSON.stringify(stored)).not.toMatch(/Rate limit reached|upstream gone|Incorrect API key/);
    expect(call('Mia', 6).map((c) => c.purpose)).toEqual(['decision', 'repair']);

    const missing = detail.events.filter((e) => e.type === 'decision_missing').map((e) => `${e.data?.player}@${e.round}`);
    expect(missing).toEqual(['Max@4', 'Mia@5', 'Max@5']);
    expect(detail.events.filter((e) => e.type === 'fallback').map((e) => `${e.data?.player}@${e.round}`)).toEqual(['Max@4', 'Mia@5', 'Max@5']);
    expect(detail.usage.Mia).toMatchObject({ retries: 1 + 2, errors: 1, repairs: 1, invalid: 1 });
    expect(detail.usage.Max).toMatchObject({ retries: 1 + 2, errors: 2 });
    // The SDK's own retries: each gate-level 429 or 503 failure was three requests at the stub.
    expect(stub.faults.filter((f) => 'status' in f.fault && f.fault.status === 429)).toHaveLength(3);

    // The match file is written as play() ends, just after the status turns finished.

    await host.service.finished(opened.id);

    const read = readBundle(opened.id, matchDir);
    if (!read.ok) throw new Error(read.error);
    const replayed = await replayMatch(games, read.bundle);
    expect(replayed.ok && replayed.report).toMatchObject({ reproduced: true, prompts: { changed: [] } });
  }, 150_000);

  test('a budget pauses the match; !resume with a larger one continues it with the model to the end', async () => {
    const opened = await host.service.open('trust', ['Mia', 'Max'], 22, null, { budget: { tokens: 20_000 } });
    if (!opened.ok) throw new Error(opened.error);
    for (let i = 0; i < 600 && host.service.liveMatch(opened.id)?.summary.status === 'running'; i++) await Bun.sleep(50);
    const paused = (await host.service.getMatch(opened.id))!;
    expect(paused.summary.status).toBe('paused');
    expect(paused.paused).toStartWith("the match's token budget is spent");
    expect(paused.outcome.over).toBe(false);
    const pausedAt = paused.summary.round;

    expect(await host.service.resume(opened.id, { budget: { tokens: 10 } })).toStartWith('Still over budget: ');
    expect(await host.service.resume(opened.id, { budget: { tokens: 10_000_000 } })).toBe(`Match ${opened.id} resumes at round ${pausedAt}.`);
    await waitForEnd(host.service, opened.id, 120_000);
    const done = (await host.service.getMatch(opened.id))!;
    expect(done.summary.status).toBe('finished');
    expect(done.usage.Mia!.calls).toBeGreaterThan(0);
    const asked = stub.calls.filter((c) => c.request?.matchId === opened.id && c.request.round > pausedAt);
    expect(asked.length).toBeGreaterThan(0);
    expect(done.history.map((h) => h.round)).toEqual(Array.from({ length: done.history.length }, (_, i) => i + 1));
  }, 150_000);
});
