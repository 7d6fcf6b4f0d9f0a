import { afterAll, describe, expect, test } from 'bun:test';
import { goldmineConfigSchema } from '@the-house/games/goldmine/goldmineConfig.ts';
import { startOpenAiStub } from '../testing/openaiStub.ts';
import { playModelRun } from './playModelRun.ts';
import type { ResultClass, SeatResultRow } from '../results/seatResults.ts';
import { emptyRatings, type Ratings } from '../ratings/index.ts';
import { runRatings } from './runRatings.ts';
import { seatIds, type RunResult, type RunSpec } from './runSpec.ts';

const row = (player: string, cls: ResultClass, place: number | null, won = false): SeatResultRow => ({
  player,
  class: cls,
  cause: cls === 'decided' ? null : { by: cls === 'forfeit' ? 'seat' : 'provider', why: cls === 'forfeit' ? 'substituted: 3 misses in a row' : '503 server error from openai', at: { round: 2, phase: 'act' } },
  won,
  place,
  repairs: 0,
  fallbacks: 0,
  timeouts: 0,
  bankUsedMs: null,
  tokens: 0,
  cost: 0,
});

const lineup = ['copycat', 'model:void', 'model:forfeit', 'grudger'];
const run = (seed: number, seatResults?: RunResult['seatResults']): RunResult => ({
  id: `t#${seed}`,
  treatment: {},
  seed,
  lineup,
  metrics: [],
  series: [],
  snapshots: {},
  // The game ranked the forfeit seat first and the void seat second: raw places would reward both.
  scores: [10, 40, 50, 5],
  winners: [2],
  rounds: 10,
  kind: 'limit',
  ...(seatResults ? { seatResults } : {}),
});

const prior: Ratings = {
  ...emptyRatings('trust'),
  participants: Object.fromEntries(lineup.map((p) => [p, { mu: 25, sigma: 4, matches: 12, wins: 3 }])),
};

describe('runRatings follows result classes', () => {
  test('a run with a substituted (forfeit) seat and a void seat: the void rating is unchanged, the forfeit one falls', () => {
    const classed = run(1, {
      seats: [row('copycat-1', 'decided', 1, true), row('model-void-2', 'void', null), row('model-forfeit-3', 'forfeit', 3), row('grudger-4', 'decided', 2)],
      winners: ['copycat-1'],
      unrated: null,
    });
    const { ratings, rated } = runRatings('trust', [classed], prior);
    expect(rated).toBe(1);
    expect(ratings.participants['model:void']).toEqual(prior.participants['model:void']!);
    expect(ratings.participants['model:forfeit']!.mu).toBeLessThan(25);
    expect(ratings.participants['model:forfeit']!.wins).toBe(3);
    expect(ratings.participants['model:forfeit']!.matches).toBe(13);
    expect(ratings.participants.copycat!.mu).toBeGreaterThan(25);
    expect(ratings.participants.copycat!.wins).toBe(4);
  });

  test('a run the House broke rates no one; a run of strategies alone still goes by the game ranking', () => {
    const broken = run(2, { seats: [row('copycat-1', 'decided', null), row('model-void-2', 'void', null), row('model-forfeit-3', 'decided', null), row('grudger-4', 'decided', null)], winners: [], unrated: "the House's fault" });
    expect(runRatings('trust', [broken], prior)).toEqual({ ratings: prior, rated: 0 });
    const plain = runRatings('trust', [run(3)], prior).ratings;
    expect(plain.participants['model:forfeit']!.mu).toBeGreaterThan(25);
  });
});

describe('a sweep run with a model seat its provider failed (void) and one that never answered (forfeit)', () => {
  const models = ['model:gpt-4o-mini/greedy-mine', 'model:gpt-4o/greedy-mine'];
  const spec: RunSpec = { game: 'goldmine', id: 'classes#1', treatment: {}, seed: 1, config: goldmineConfigSchema.parse({ rounds: 6, size: 4 }), lineup: [...models, 'greedy-mine', 'defend-then-mine'], snapshots: [] };
  const [voided, silent] = seatIds(spec);
  const stub = startOpenAiStub({
    fault: (_n, request) => (request?.player === voided ? { status: 401 } : null),
    answer: (prompt, request) => (request?.player === silent ? 'no move from me' : prompt.includes('[[HOUSE_REQUEST]]') ? 'Here: {"actions": []}' : undefined),
  });
  afterAll(() => stub.stop());

  test('the run carries each seat\'s class, and its ratings follow them', async () => {
    const result = await playModelRun(spec, {}, { OPENAI_API_KEY: 'stub', OPENAI_BASE_URL: stub.baseUrl });
    expect(result.seatResults!.seats.map((s) => [s.class, s.place])).toEqual([
      ['void', null],
      ['forfeit', 3],
      ['decided', 1],
      ['decided', 2],
    ]);
    const before: Ratings = { ...emptyRatings('goldmine'), participants: Object.fromEntries(spec.lineup.map((p) => [p, { mu: 25, sigma: 4, matches: 12, wins: 3 }])) };
    const { ratings } = runRatings('goldmine', [result], before);
    expect(ratings.participants[models[0]!]).toEqual(before.participants[models[0]!]!);
    expect(ratings.participants[models[1]!]!.mu).toBeLessThan(25);
    expect(ratings.participants['greedy-mine']!.mu).toBeGreaterThan(25);
  });
});
