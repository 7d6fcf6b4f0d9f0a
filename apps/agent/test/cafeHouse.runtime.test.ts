import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { readBundle } from '@the-house/lab/models/matchBundle.ts';
import { replayMatch } from '@the-house/lab/seats/replayMatch.ts';
import { startOpenAiStub, type OpenAiStub } from '@the-house/lab/testing/openaiStub.ts';
import { startTestHost, testCharacters, waitForEnd, type TestHost } from './kit/testHost.ts';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const matchDir = mkdtempSync(join(tmpdir(), 'house-cafe-'));

/**
 * The House's model (the stub): it writes each challenge and judges the
 * answers, naming the first and the last player it may name. Ann and Bob
 * think with a model too (the same stub, answering from the prompt alone as
 * a model would); Cy and Dee are offline brains.
 */
function houseModel(prompt: string): string | undefined {
  if (prompt.includes('Write one new challenge for round')) {
    const round = /round (\d+) of the Café/.exec(prompt)?.[1];
    return `{"prompt": "Round ${round}: plan a rainy-day menu with three dishes and their prices.", "keywords": ["menu", "dishes", "prices", "rain"]}`;
  }
  if (prompt.includes('You are the judge of the Café')) {
    const names = /Players you may name: (.+)\./.exec(prompt)![1]!.split(', ');
    return `Verdict: {"best": "${names[0]}", "worst": "${names.at(-1)}", "reason": "the stub judge names the first and the last"}`;
  }
  return undefined;
}

let stub: OpenAiStub;
let host: TestHost;

beforeAll(async () => {
  stub = startOpenAiStub({ answer: (prompt) => houseModel(prompt), mode: 'model' });
  host = await startTestHost({
    charactersDir: testCharacters(['Ann', 'Bob'], 'model', testCharacters(['Cy', 'Dee'], 'offline')),
    env: { ...stub.env(), HOUSE_ROUND_DELAY_MS: '0', HOUSE_MATCH_DIR: matchDir, HOUSE_CAFE_MODEL_CHALLENGES: '1' },
  });
}, 90_000);

afterAll(async () => {
  await host?.stop();
  await stub?.stop();
}, 30_000);

test("!play cafe: the House's model writes each challenge and judges by the rubric, two model players answer it; the match replays from its file, prompts included", async () => {
  const opened = await host.service.open('cafe', ['Ann', 'Bob', 'Cy', 'Dee'], 4);
  if (!opened.ok) throw new Error(opened.error);
  await waitForEnd(host.service, opened.id, 120_000);
  const detail = (await host.service.getMatch(opened.id))!;
  expect(detail.summary.status).toBe('finished');

  const verdicts = detail.events.filter((e) => e.type === 'verdict');
  expect(verdicts.length).toBe(detail.history.length);
  expect(verdicts[0]!.data).toMatchObject({ best: 'Ann', worst: 'Dee', by: 'external', reason: 'the stub judge names the first and the last' });
  const challenges = detail.events.filter((e) => e.type === 'challenge');
  expect(challenges[0]!.data).toMatchObject({ id: 'house-1', prompt: 'Round 1: plan a rainy-day menu with three dishes and their prices.' });
  expect(detail.usage.house).toMatchObject({ calls: 2 * detail.history.length, errors: 0 });

  // The match file is written as play() ends, just after the status turns finished.

  await host.service.finished(opened.id);

  // The model players read the House's challenge (its own key ideas included) and answered legally from the prompt.
  const asks = stub.calls.filter((c) => c.request?.matchId === opened.id);
  expect(new Set(asks.map((c) => c.request!.player))).toEqual(new Set(['Ann', 'Bob']));
  expect(asks.every((c) => c.kind === 'legal')).toBe(true);
  expect(asks[0]!.prompt).toContain('Challenge (house-1): Round 1: plan a rainy-day menu with three dishes and their prices. (key ideas: menu, dishes, prices, rain)');
  expect(detail.usage.Ann).toMatchObject({ calls: detail.history.length, repairs: 0, fallbacks: 0 });

  const read = readBundle(opened.id, matchDir);
  if (!read.ok) throw new Error(read.error);
  const replayed = await replayMatch(games, read.bundle);
  expect(replayed.ok && replayed.report).toMatchObject({ reproduced: true, prompts: { checked: asks.length, changed: [] } });
}, 150_000);
