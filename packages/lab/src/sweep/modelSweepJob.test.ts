import { afterAll, expect, test } from 'bun:test';
import { startOpenAiStub } from '../testing/openaiStub.ts';
import { goldmineConfigSchema } from '@the-house/games/goldmine/goldmineConfig.ts';
import { hasModelSeats, runModelSweepJob } from './modelSweepJob.ts';
import { sweepRatings } from './sweepCommand.ts';
import { runSweepJob, type SweepJob } from './sweepJob.ts';

// A model that always mines nothing: legal, and cheap to check.
const stub = startOpenAiStub({ answer: (prompt) => (prompt.includes('[[HOUSE_REQUEST]]') ? 'Here: {"actions": []}' : undefined) });
afterAll(() => stub.stop());

const job = (lineup: string[], seed: number): SweepJob => ({ id: `t#${seed}`, treatment: {}, seed, config: goldmineConfigSchema.parse({ rounds: 6, size: 4 }), lineup, mapRounds: [] });

test('a run with a model seat is measured like any run, and carries what the model cost', async () => {
  const lineup = ['model:gpt-4o-mini/greedy-mine', 'greedy-mine', 'defend-then-mine'];
  expect(hasModelSeats(job(lineup, 1))).toBe(true);
  const result = await runModelSweepJob(job(lineup, 1), { 'gpt-4o-mini': { input: 0.15, output: 0.6 } }, { OPENAI_API_KEY: 'stub', OPENAI_BASE_URL: stub.baseUrl });
  const metric = (name: string) => result.metrics.find((m) => m.metric === name)!;
  expect(metric('usage:calls')).toEqual({ metric: 'usage:calls', whole: 6, first: 3, second: 3 });
  expect(metric('usage:tokens').whole).toBeGreaterThan(6 * 500);
  expect(metric('usage:cost').whole).toBeGreaterThan(0);
  expect(metric('usage:fallbacks').whole).toBe(0);
  expect(metric('gold:model:gpt-4o-mini/greedy-mine').whole).toBe(0);
  expect(result.gold![1]).toBeGreaterThan(0);
});

test('the policies are rated over the runs, richest first', () => {
  const results = [1, 2, 3, 4].map((seed) => runSweepJob(job(['greedy-mine', 'random'], seed)));
  const ratings = sweepRatings(results);
  expect(ratings.participants['greedy-mine']!.matches).toBe(4);
  expect(ratings.participants['greedy-mine']!.mu).toBeGreaterThan(ratings.participants.random!.mu);
});
