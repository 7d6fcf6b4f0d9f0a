import { afterAll, describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { games } from '@the-house/games/registry.ts';
import { budgetSchema } from './budget.ts';
import { emptyRecord, MatchRecorder } from './matchRecorder.ts';
import { anthropicContent, anthropicModelClient } from './anthropicModelClient.ts';
import { playRecorded } from '../seats/playRecorded.ts';
import { startOpenAiStub } from '../testing/openaiStub.ts';

describe('a Claude model through Anthropic’s Messages API', () => {
  const stub = startOpenAiStub({ mode: 'model', cache: { minTokens: 200, block: 1 } });
  afterAll(() => stub.stop());

  test('the prompt goes in its pieces with a breakpoint after each one the shape marks, the last four at most', () => {
    expect(anthropicContent('abc', { blocks: ['a', 'b', 'c'], cacheAt: [0, 2] })).toEqual([
      { type: 'text', text: 'a', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'b' },
      { type: 'text', text: 'c', cache_control: { type: 'ephemeral' } },
    ]);
    expect(anthropicContent('abc')).toEqual([{ type: 'text', text: 'abc' }]);
    expect(anthropicContent('xyz', { blocks: ['a'], cacheAt: [0] })).toEqual([{ type: 'text', text: 'xyz' }]);
    expect(anthropicContent('abcdef', { blocks: [...'abcdef'], cacheAt: [0, 1, 2, 3, 4, 5] }).filter((c) => c.cache_control).map((c) => c.text)).toEqual(['c', 'd', 'e', 'f']);
  });

  test('a seat in conversation mode: each turn reads what the turn before wrote, and the record keeps both', async () => {
    const trust = games.trust!;
    const match = Match.create(trust, { maxRounds: 8 }, 3, ['claude', 'copycat']);
    const client = anthropicModelClient({ baseUrl: stub.baseUrl.replace(/\/v1$/, ''), apiKey: 'sk-ant-test', model: 'claude-sonnet-4-5', system: 'Play well.' });
    const recorder = new MatchRecorder('t-3', emptyRecord());
    const seats = { claude: { kind: 'model' as const, client, gate: null, persona: 'You are claude.', system: 'Play well.', fallback: trust.strategies.grudger!, prompts: 'conversation' as const }, copycat: { kind: 'offline' as const, strategy: trust.strategies.copycat! } };
    const before = stub.calls.length;
    await playRecorded(match, seats, recorder, { matchId: 't-3', budget: budgetSchema.parse({}), window: { historyRounds: 12 } });
    expect(match.over).toBe(true);
    const calls = recorder.record.calls;
    expect(calls.length).toBe(8);
    expect(stub.calls.slice(before).every((c) => c.path === '/messages' && c.request?.player === 'claude')).toBe(true);
    // Once the conversation passes the cache's minimum, every call reads the one before and writes its new turn.
    const cached = calls.filter((c) => (c.cachedIn ?? 0) > 0);
    expect(cached.length).toBeGreaterThan(3);
    for (const c of cached.slice(1)) {
      const previous = calls[c.seq - 1]!;
      expect(c.cachedIn).toBe((previous.cachedIn ?? 0) + (previous.cacheWriteIn ?? 0));
      expect(c.cacheWriteIn).toBeGreaterThan(0);
    }
  });

  test('a refusal is an HTTP error with its status, the key redacted', async () => {
    const faulty = startOpenAiStub({ fault: () => ({ status: 401, message: 'bad key sk-ant-secret' }) });
    try {
      const client = anthropicModelClient({ baseUrl: faulty.baseUrl, apiKey: 'sk-ant-secret', model: 'claude-sonnet-4-5', system: '' });
      const error = await client.complete('hello').catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 401 });
      expect(String((error as Error).message)).not.toContain('sk-ant-secret');
    } finally {
      await faulty.stop();
    }
  });
});
