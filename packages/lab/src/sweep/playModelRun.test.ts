import { afterAll, expect, test } from 'bun:test';
import { goldmineConfigSchema } from '@the-house/games/goldmine/goldmineConfig.ts';
import { startOpenAiStub } from '../testing/openaiStub.ts';
import { playModelRun } from './playModelRun.ts';
import { playRun } from './playRun.ts';
import { runRatings } from './runRatings.ts';
import { hasModelSeats, type RunSpec } from './runSpec.ts';

// A model that always mines nothing: legal, and cheap to check.
const stub = startOpenAiStub({ answer: (prompt) => (prompt.includes('[[HOUSE_REQUEST]]') ? 'Here: {"actions": []}' : undefined) });
afterAll(() => stub.stop());

const spec = (lineup: string[], seed: number): RunSpec => ({ game: 'goldmine', id: `t#${seed}`, treatment: {}, seed, config: goldmineConfigSchema.parse({ rounds: 6, size: 4 }), lineup, snapshots: [] });

test('a run with a model seat is measured like any run, and carries what the model cost', async () => {
  const lineup = ['model:gpt-4o-mini/greedy-mine', 'greedy-mine', 'defend-then-mine'];
  expect(hasModelSeats(spec(lineup, 1))).toBe(true);
  const result = await playModelRun(spec(lineup, 1), { 'gpt-4o-mini': { input: 0.15, output: 0.6 } }, { OPENAI_API_KEY: 'stub', OPENAI_BASE_URL: stub.baseUrl });
  const metric = (name: string) => result.metrics.find((m) => m.metric === name)!;
  expect(metric('usage:calls')).toEqual({ metric: 'usage:calls', whole: 6, first: 3, second: 3 });
  // Each call's prompt is counted: the compact one (rules, signatures, view) is a few hundred tokens.
  expect(metric('usage:tokens').whole).toBeGreaterThan(6 * 250);
  expect(metric('usage:cost').whole).toBeGreaterThan(0);
  expect(metric('usage:fallbacks').whole).toBe(0);
  expect(metric('score:model:gpt-4o-mini/greedy-mine').whole).toBe(0);
  expect(result.scores[1]).toBeGreaterThan(0);
});

test('the policies are rated over the runs, richest first', () => {
  const results = [1, 2, 3, 4].map((seed) => playRun(spec(['greedy-mine', 'random'], seed)));
  const { ratings } = runRatings('goldmine', results);
  expect(ratings.participants['greedy-mine']!.matches).toBe(4);
  expect(ratings.participants['greedy-mine']!.mu).toBeGreaterThan(ratings.participants.random!.mu);
});
