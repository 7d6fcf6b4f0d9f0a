import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { games } from '@the-house/games/registry.ts';
import { emptyRecord, type MatchRecord } from '@the-house/lab/models/matchRecorder.ts';
import { participantOf, RatingsStore } from './ratingsStore.ts';

const record: MatchRecord = {
  ...emptyRecord(),
  seats: {
    Mia: { brain: 'model', strategy: 'grudger', persona: '', system: '' },
    Max: { brain: 'model', strategy: 'copykitten', persona: '', system: '' },
    Ada: { brain: 'offline', strategy: 'copycat', persona: '', system: '' },
    Pat: { brain: 'human', strategy: null, persona: '', system: '' },
  },
  calls: [{ seq: 0, matchId: 'm', caller: 'Mia', purpose: 'decision', round: 1, phase: 'act', provider: 'openai@x', model: 'gpt-4o', promptHash: '', params: {}, response: '{}', error: null, tokensIn: 1, tokensOut: 1, latencyMs: 1, retries: [], cost: 0, at: 0 }],
  phases: [],
};

test('a seat is rated as its brain: the model it used, its baseline, or the person', () => {
  expect(['Mia', 'Max', 'Ada', 'Pat', 'Zed'].map((p) => participantOf(record, p))).toEqual(['model:gpt-4o', 'copykitten', 'copycat', 'person:Pat', 'Zed']);
});

test('finished matches accumulate in the store, one leaderboard per game', async () => {
  const cache = new Map<string, unknown>();
  const store = new RatingsStore({ getCache: async (k: string) => cache.get(k), setCache: async (k: string, v: unknown) => cache.set(k, v) && true } as unknown as IAgentRuntime);
  const trust = games.trust!;
  for (let seed = 1; seed <= 3; seed++) {
    const match = Match.create(trust, {}, seed, ['Mia', 'Ada']);
    runMatchSync(match, { Mia: trust.strategies['always-cheat']!, Ada: trust.strategies['always-cooperate']! });
    await store.rate(trust, match.state, ['Mia', 'Ada'], record);
  }
  const boards = await store.leaderboards(['trust', 'cafe']);
  expect(Object.keys(boards)).toEqual(['trust']);
  expect(boards.trust!.map((r) => [r.participant, r.matches])).toEqual([
    ['model:gpt-4o', 3],
    ['copycat', 3],
  ]);
  // Who played each brain: the character, the brain in words, and the strategy as a detail.
  expect(boards.trust!.map((r) => [r.brain, r.playedBy, r.strategy])).toEqual([
    ['model gpt-4o', [{ name: 'Mia', matches: 3 }], 'falls back to grudger when its model cannot answer'],
    ['offline, copycat', [{ name: 'Ada', matches: 3 }], `copycat: ${trust.strategies.copycat!.description}`],
  ]);
});

test('ratings stored before the House kept who played still load, named from their key', async () => {
  const cache = new Map<string, unknown>();
  const old = { system: 'openskill-bradley-terry-full-v1', game: 'trust', participants: { 'person:Pat': { mu: 26, sigma: 7, matches: 2, wins: 1 }, copycat: { mu: 24, sigma: 7, matches: 2, wins: 1 } } };
  cache.set('house:ratings:trust', { json: JSON.stringify(old) });
  const store = new RatingsStore({ getCache: async (k: string) => cache.get(k), setCache: async (k: string, v: unknown) => cache.set(k, v) && true } as unknown as IAgentRuntime);
  const rows = (await store.leaderboards(['trust'])).trust!;
  expect(rows.map((r) => [r.participant, r.brain, r.playedBy])).toEqual([
    ['person:Pat', 'person', [{ name: 'Pat', matches: 2 }]],
    ['copycat', 'offline, copycat', []],
  ]);
  // A damaged record of who played is ignored, not fatal.
  cache.set('house:ratings:trust:players', { json: '{not json' });
  expect((await store.leaderboards(['trust'])).trust!.length).toBe(2);
});

/** A record of a Trust match where `agent` (an entrant) misses its first turns by `how`, three in a row, its clock substituting it after the third. */
function missedRecord(how: 'timeout' | 'server error'): MatchRecord {
  const out: MatchRecord = { ...emptyRecord(), seats: { Hang: { brain: 'model', strategy: 'always-cheat', persona: '', system: '' }, Ada: { brain: 'offline', strategy: 'always-cooperate', persona: '', system: '' } } };
  for (let round = 1; round <= 3; round++) {
    const fault = how === 'timeout' ? { by: 'seat', kind: 'timeout' } : { by: 'provider', kind: 'server error' };
    out.calls.push({ seq: round - 1, matchId: 'm', caller: 'Hang', purpose: 'decision', round, phase: 'act', provider: 'http@x', model: 'entrant:hang@1', promptHash: '', params: { remote: 'http', fault }, response: null, error: how, failure: { status: how === 'timeout' ? null : 500, reason: how }, tokensIn: 0, tokensOut: 0, latencyMs: 1, retries: [], cost: 0, at: 0 });
    const notices = round === 3 ? [{ type: 'seat_substituted', data: { player: 'Hang', why: '3 turns in a row without a valid answer', strategy: 'always-cheat' } }] : undefined;
    out.phases.push({ round, phase: 'act', answers: { Hang: { kind: 'model', texts: [], calls: [round - 1], outcome: 'fallback', errors: [how] } }, ...(notices ? { notices } : {}) });
  }
  return out;
}

test("issue 36: an entrant substituted after hanging forfeits: its substitute's win in the game rates as its loss", async () => {
  const cache = new Map<string, unknown>();
  const store = new RatingsStore({ getCache: async (k: string) => cache.get(k), setCache: async (k: string, v: unknown) => cache.set(k, v) && true } as unknown as IAgentRuntime);
  const trust = games.trust!;
  const match = Match.create(trust, {}, 1, ['Hang', 'Ada']);
  runMatchSync(match, { Hang: trust.strategies['always-cheat']!, Ada: trust.strategies['always-cooperate']! });
  expect(trust.outcome(match.state).winners).toEqual(['Hang']);
  await store.rate(trust, match.state, ['Hang', 'Ada'], missedRecord('timeout'));
  const rows = (await store.leaderboards(['trust'])).trust!;
  const row = (p: string) => rows.find((r) => r.participant === p)!;
  expect(row('entrant:hang@1')).toMatchObject({ wins: 0, matches: 1 });
  expect(row('entrant:hang@1').mu).toBeLessThan(25);
  expect(row('always-cooperate')).toMatchObject({ wins: 1 });
  expect(row('always-cooperate').mu).toBeGreaterThan(25);
});

test("a provider's outage voids its seat: the match changes no rating of its own (and, with two seats, none at all)", async () => {
  const cache = new Map<string, unknown>();
  const store = new RatingsStore({ getCache: async (k: string) => cache.get(k), setCache: async (k: string, v: unknown) => cache.set(k, v) && true } as unknown as IAgentRuntime);
  const trust = games.trust!;
  const match = Match.create(trust, {}, 1, ['Hang', 'Ada']);
  runMatchSync(match, { Hang: trust.strategies['always-cheat']!, Ada: trust.strategies['always-cooperate']! });
  await store.rate(trust, match.state, ['Hang', 'Ada'], missedRecord('server error'));
  expect(await store.leaderboards(['trust'])).toEqual({});
});

test('issue 37: each rated match adds its seats\' recorded model cost; the board gives cost per game and per win, intervals and provisional marks', async () => {
  const cache = new Map<string, unknown>();
  const store = new RatingsStore({ getCache: async (k: string) => cache.get(k), setCache: async (k: string, v: unknown) => cache.set(k, v) && true } as unknown as IAgentRuntime);
  const trust = games.trust!;
  const costly: MatchRecord = { ...record, calls: [{ ...record.calls[0]!, cost: 0.02 }, { ...record.calls[0]!, seq: 1, cost: 0.01 }] };
  for (let seed = 1; seed <= 4; seed++) {
    const match = Match.create(trust, {}, seed, ['Mia', 'Ada']);
    runMatchSync(match, { Mia: trust.strategies['always-cheat']!, Ada: trust.strategies['always-cooperate']! });
    await store.rate(trust, match.state, ['Mia', 'Ada'], costly);
  }
  const rows = (await store.leaderboards(['trust'])).trust!;
  const mia = rows.find((r) => r.participant === 'model:gpt-4o')!;
  const ada = rows.find((r) => r.participant === 'copycat')!;
  expect(mia.costPerGame).toBeCloseTo(0.03, 10);
  expect(mia.costPerWin).toBeCloseTo((0.03 * 4) / mia.wins, 10);
  expect(ada.costPerGame).toBe(0);
  expect([mia.provisional, mia.low95, mia.high95]).toEqual([true, mia.mu - 1.96 * mia.sigma, mia.mu + 1.96 * mia.sigma]);
  expect(rows.map((r) => r.shownRank)).toEqual([1, 1]);
  expect(rows.every((r) => r.tied)).toBe(true);
});
