import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { readBundle } from '@the-house/lab/models/matchBundle.ts';
import { replayMatch } from '@the-house/lab/seats/replayMatch.ts';
import { startOpenAiStub, type OpenAiStub, type StubMode } from '@the-house/lab/testing/openaiStub.ts';
import { startTestHost, testCharacters, waitForEnd, type TestHost } from './kit/testHost.ts';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const matchDir = mkdtempSync(join(tmpdir(), 'house-conversations-'));

/**
 * House seats in conversation mode (issue 26): player agents on a gpt-5
 * model, whose cached prompt tokens bill a tenth, play Trust as one growing
 * conversation each (`defaultPromptMode`), through the real plugin-openai and
 * the stub answering from the prompt alone. Cas's first ask of round 2 comes
 * back broken, so a repair is a turn of its own.
 */
describe('conversation seats at a House table', () => {
  let stub: OpenAiStub;
  let host: TestHost;

  beforeAll(async () => {
    stub = startOpenAiStub({ mode: (r: DecisionRequest): StubMode => (r.player === 'Cas' && r.round === 2 && !r.error ? 'malformed' : 'model') });
    host = await startTestHost({
      charactersDir: testCharacters(['Cas', 'Cid'], 'model'),
      // ElizaOS puts the environment over each character's own settings: the model is the host's.
      env: { ...stub.env(), OPENAI_LARGE_MODEL: 'gpt-5-mini', HOUSE_ROUND_DELAY_MS: '0', HOUSE_BEG_TIMEOUT_MS: '200', HOUSE_MATCH_DIR: matchDir },
    });
  }, 90_000);

  afterAll(async () => {
    await host?.stop();
    await stub?.stop();
  }, 30_000);

  test('each prompt is the one before with its answer and the new turn, recorded by turn, and replay-match makes every one again', async () => {
    const opened = await host.service.open('trust', ['Cas', 'Cid'], 12, null, {}, null, { maxRounds: 6 });
    if (!opened.ok) throw new Error(opened.error);
    await waitForEnd(host.service, opened.id, 120_000);
    await host.service.finished(opened.id);
    const read = readBundle(opened.id, matchDir);
    if (!read.ok) throw new Error(read.error);
    const { record } = read.bundle;
    expect(record.seats.Cas).toMatchObject({ brain: 'model', prompts: 'conversation' });
    expect(record.seats.Cid).toMatchObject({ brain: 'model', prompts: 'conversation' });

    // Cas's calls in order: turns 0, 1, 2... (the repair a turn of its own).
    const cas = record.calls.filter((c) => c.caller === 'Cas');
    expect(cas.map((c) => c.params)).toEqual(cas.map((_, i) => ({ prompts: 'conversation', turn: i })));
    expect(cas.filter((c) => c.purpose === 'repair').map((c) => c.round)).toEqual([2]);
    const sent = stub.calls.filter((c) => c.request?.matchId === opened.id && c.request.player === 'Cas');
    expect(sent).toHaveLength(cas.length);
    // What the provider got starts with the turn before and holds its answer: its prefix cache holds all but the new turn.
    const body = (prompt: string) => prompt.slice(prompt.indexOf('You are Cas'));
    for (let i = 1; i < sent.length; i++) {
      expect(body(sent[i]!.prompt).startsWith(body(sent[i - 1]!.prompt))).toBe(true);
      expect(sent[i]!.prompt).toContain(`You answered: ${sent[i - 1]!.answer}`);
    }

    const replayed = await replayMatch(games, read.bundle);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(replayed.report).toMatchObject({ reproduced: true, divergence: null, prompts: { changed: [] } });
    expect(replayed.report.prompts.checked).toBe(record.calls.length);
  }, 150_000);
});
