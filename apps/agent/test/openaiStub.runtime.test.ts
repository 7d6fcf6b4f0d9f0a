import { afterAll, describe, expect, test } from 'bun:test';
import { ModelType, type IAgentRuntime, type Plugin } from '@elizaos/core';
import { decodeRequest, encodeRequest, type DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { decisionPrompt } from '@the-house/lab/decision/decisionPrompt.ts';
import { extractJson } from '@the-house/lab/decision/extractJson.ts';
import { countTokens } from '@the-house/lab/models/countTokens.ts';
import { games } from '@the-house/games/registry.ts';
import { startOpenAiStub } from '@the-house/lab/testing/openaiStub.ts';

// The AI SDK warns about sampling settings on every call; the stub ignores them anyway.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
const stub = startOpenAiStub({ embeddingDimensions: 384 });
afterAll(() => stub.stop());

const trust = games.trust!;
const state = trust.setup(trust.configSchema.parse({}), 1, ['ada', 'bob']);
const request = (extra: Partial<DecisionRequest> = {}): DecisionRequest => ({
  matchId: 'm1',
  game: 'trust',
  seed: 1,
  player: 'ada',
  round: 1,
  phase: 'act',
  view: trust.view(state, 'ada'),
  legalMoves: trust.legalMoves(state, 'ada'),
  schema: {},
  ...extra,
});
const prompt = (r: DecisionRequest) => `You are Ada.\n\nRequest: ${encodeRequest(r)}`;

async function post(path: string, body: unknown) {
  const res = await fetch(`${stub.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

describe('the stub over HTTP', () => {
  test('GET /models lists models', async () => {
    const body = (await (await fetch(`${stub.baseUrl}/models`)).json()) as { data: Array<{ id: string }> };
    expect(body.data.map((m) => m.id)).toContain('gpt-4o');
  });

  test('POST /responses: a legal move for a House request, read from the input messages', async () => {
    const { body } = await post('/responses', { model: 'gpt-4o', input: [{ role: 'system', content: 'be brief' }, { role: 'user', content: [{ type: 'input_text', text: prompt(request()) }] }] });
    const text = body.output[0].content[0].text as string;
    expect(trust.validate(state, 'ada', JSON.parse(text)).ok).toBe(true);
    expect(stub.calls.at(-1)).toMatchObject({ path: '/responses', mode: 'legal', stream: false });
    expect(stub.calls.at(-1)!.prompt).toStartWith('be brief\nYou are Ada.');
  });

  test('modes: malformed JSON, and JSON that no schema accepts', async () => {
    stub.options.mode = (r) => (r.error ? 'invalid' : 'malformed');
    const first = await post('/chat/completions', { model: 'gpt-4o', messages: [{ role: 'user', content: prompt(request()) }] });
    expect(extractJson(first.body.choices[0].message.content)).toBeNull();
    const repair = await post('/responses', { model: 'gpt-4o', input: prompt(request({ error: 'broken JSON' })) });
    const answer = JSON.parse(repair.body.output[0].content[0].text);
    expect(trust.validate(state, 'ada', answer).ok).toBe(false);
    stub.options.mode = 'legal';
  });

  test('model mode: a compact prompt is answered from its text alone; usage counts its tokens and the prefix a cache would hold', async () => {
    stub.options.mode = 'model';
    stub.options.cache = { minTokens: 64, block: 64 };
    const ask = (r: DecisionRequest) => decisionPrompt('You are Ada.', r, null, { forModel: true, historyRounds: 12 });
    const first = await post('/chat/completions', { model: 'gpt-4o', messages: [{ role: 'user', content: ask(request()) }] });
    expect(trust.validate(state, 'ada', JSON.parse(first.body.choices[0].message.content)).ok).toBe(true);
    expect(stub.calls.at(-1)).toMatchObject({ mode: 'model', kind: 'legal', cachedTokens: 0 });
    expect(first.body.usage.prompt_tokens).toBe(countTokens(ask(request())));
    const again = await post('/chat/completions', { model: 'gpt-4o', messages: [{ role: 'user', content: ask(request({ round: 2 })) }] });
    const cached = again.body.usage.prompt_tokens_details.cached_tokens as number;
    expect(cached).toBeGreaterThan(0);
    expect(cached % 64).toBe(0);
    stub.options.model = { faults: { malformed: 1 } };
    const broken = await post('/responses', { model: 'gpt-4o', input: ask(request({ round: 3 })) });
    expect(extractJson(broken.body.output[0].content[0].text)).toBeNull();
    expect(broken.body.usage.input_tokens_details.cached_tokens).toBeGreaterThan(0);
    stub.options.model = undefined;
    stub.options.cache = undefined;
    stub.options.mode = 'legal';
  });

  test('an answer function takes precedence; chat prompts get bootstrap-shaped replies', async () => {
    stub.options.answer = (p) => (p.includes('ping') ? 'pong' : undefined);
    expect((await post('/chat/completions', { messages: [{ role: 'user', content: 'ping' }] })).body.choices[0].message.content).toBe('pong');
    stub.options.answer = undefined;
    const should = await post('/responses', { input: 'Reply with RESPOND | IGNORE | STOP' });
    expect(should.body.output[0].content[0].text).toContain('<action>IGNORE</action>');
  });

  test('POST /embeddings: vectors of the configured length', async () => {
    const { body } = await post('/embeddings', { model: 'text-embedding-3-small', input: 'hello' });
    expect(body.data[0].embedding).toHaveLength(384);
  });

  test('latency delays model answers', async () => {
    stub.options.latencyMs = 150;
    const t0 = performance.now();
    await post('/responses', { input: 'hi' });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    stub.options.latencyMs = 0;
  });
});

describe('the real @elizaos/plugin-openai against the stub', async () => {
  const plugin = ((await import('@elizaos/plugin-openai')) as { default: Plugin }).default;
  const settings = { ...stub.env(), OPENAI_EMBEDDING_DIMENSIONS: '384' };
  const runtime = { getSetting: (k: string) => settings[k as keyof typeof settings] ?? null, character: { name: 'Ada', system: 'You are Ada.' }, emitEvent: async () => {} } as unknown as IAgentRuntime;

  test('TEXT_LARGE goes through POST /responses and gets the legal move', async () => {
    const before = stub.calls.length;
    const text = (await plugin.models![ModelType.TEXT_LARGE]!(runtime, { prompt: prompt(request()) })) as string;
    expect(trust.validate(state, 'ada', extractJson(text)).ok).toBe(true);
    const call = stub.calls[before]!;
    expect(call.path).toBe('/responses');
    expect(decodeRequest(call.prompt)?.player).toBe('ada');
  });

  test('a streamed TEXT_LARGE reads the server-sent events', async () => {
    const result = (await plugin.models![ModelType.TEXT_LARGE]!(runtime, { prompt: prompt(request()), stream: true })) as unknown as { text: Promise<string> };
    expect(trust.validate(state, 'ada', extractJson(await result.text)).ok).toBe(true);
    expect(stub.calls.at(-1)!.stream).toBe(true);
  });

  test('TEXT_SMALL and TEXT_EMBEDDING work too', async () => {
    expect(String(await plugin.models![ModelType.TEXT_SMALL]!(runtime, { prompt: 'say hi' }))).toContain('Stub model here.');
    expect(((await plugin.models![ModelType.TEXT_EMBEDDING]!(runtime, { text: 'hello' })) as number[]).length).toBe(384);
  });
});
