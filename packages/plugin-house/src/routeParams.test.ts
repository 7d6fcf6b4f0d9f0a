import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { houseRoutes, type MatchReader } from './routes.ts';
import { fakeResponse } from './testing/fakeResponse.ts';

/** Route parameters are outside text (issue 13): the reserved keys are refused before any lookup, like any id that cannot be a match's. */
test('GET /matches/:id with constructor, __proto__ or prototype is a 400 and never reaches the House', async () => {
  const asked: string[] = [];
  const house: MatchReader = { listMatches: () => ({ matches: [], page: 1, per: 20, total: 0 }), getMatch: (id) => (asked.push(id), null) };
  const runtime = { getService: (name: string) => (name === 'house' ? house : null) } as unknown as IAgentRuntime;
  const handler = houseRoutes.find((r) => r.path === '/matches/:id')!.handler!;
  for (const id of ['constructor', '__proto__', 'prototype']) {
    const res = fakeResponse();
    await handler({ params: { id }, query: {} }, res, runtime);
    expect(res.statusCode).toBe(400);
  }
  const ok = fakeResponse();
  await handler({ params: { id: 'trust-1-abc' }, query: {} }, ok, runtime);
  expect(ok.statusCode).toBe(404);
  expect(asked).toEqual(['trust-1-abc']);
});
