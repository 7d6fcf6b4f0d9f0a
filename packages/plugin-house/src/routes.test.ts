import { describe, expect, test } from 'bun:test';
import type { IAgentRuntime, Route } from '@elizaos/core';
import { fakeResponse } from './testing/fakeResponse.ts';
import { playedMatchDetail } from './testing/playedMatchDetail.ts';
import { houseRoutes, type MatchReader } from './routes.ts';
import type { MatchDetail } from './types.ts';

const match = playedMatchDetail('trust', ['ada', 'bob'], 3, { id: 'trust-1' });
const house: MatchReader = {
  listMatches: () => ({ matches: [match.summary], page: 1, per: 20, total: 1 }),
  getMatch: (id) => (id === match.summary.id ? match : null),
};
const runtimeWith = (service: unknown) => ({ getService: (name: string) => (name === 'house' ? service : null) }) as unknown as IAgentRuntime;

function route(path: string): Route {
  const found = houseRoutes.find((r) => r.path === path);
  if (!found?.handler) throw new Error(`no route ${path}`);
  return found;
}

async function call(path: string, params: Record<string, string> = {}, service: unknown = house) {
  const res = fakeResponse();
  await route(path).handler!({ params, query: {} }, res, runtimeWith(service));
  return res;
}

describe('houseRoutes', () => {
  test('the House tab is a public GET route named House at /dashboard', () => {
    expect(route('/dashboard')).toMatchObject({ type: 'GET', public: true, name: 'House' });
    expect(houseRoutes.filter((r) => r.name).map((r) => r.path)).toEqual(['/dashboard']);
  });

  test('GET /dashboard: an HTML page with the live match inline', async () => {
    const res = await call('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(String(res.body)).toStartWith('<!doctype html>');
    expect(String(res.body)).toContain('data-match=\\"trust-1\\"');
  });

  test('GET /dashboard/view: the same view as JSON, for the page to poll', async () => {
    const res = await call('/dashboard/view');
    const view = res.body as { html: string; charts: Array<{ id: string }> };
    expect(view.html).toContain('<table class="scoreboard" data-match="trust-1">');
    expect(view.charts.map((c) => c.id)).toEqual(['score-trust-1']);
  });

  test('GET /matches: a page of summaries; page and per are read within bounds', async () => {
    const asked: unknown[] = [];
    const paging = { listMatches: (options: unknown) => (asked.push(options), { matches: [match.summary], page: 1, per: 20, total: 1 }), getMatch: () => null };
    const res = await call('/matches', {}, paging);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ matches: [match.summary], page: 1, per: 20, total: 1 });
    const withQuery = async (query: Record<string, string>) => {
      const r = fakeResponse();
      await route('/matches').handler!({ params: {}, query }, r, runtimeWith(paging));
    };
    await withQuery({ page: '3', per: '5' });
    await withQuery({ page: '-1', per: '100000', __proto__: 'x' });
    expect(asked).toEqual([{ page: 1, per: 20 }, { page: 3, per: 5 }, { page: 1, per: 20 }]);
  });

  test('GET /matches/:id: an id that cannot be a match id is a 400, before any lookup', async () => {
    const res = await call('/matches/:id', { id: '../../etc/passwd' });
    expect(res.statusCode).toBe(400);
  });

  test('GET /matches/:id while the match runs: what the room is told (no state, no private event), or a 404 in JSON', async () => {
    expect(match.summary.status).toBe('running');
    expect(match.events.some((e) => e.to)).toBe(true);
    const found = await call('/matches/:id', { id: 'trust-1' });
    expect(found.statusCode).toBe(200);
    const body = found.body as MatchDetail;
    expect(body.events).toEqual(match.events.filter((e) => e.to === undefined));
    expect(body.state).toBeNull();
    const missing = await call('/matches/:id', { id: 'nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ error: "No match with id 'nope'." });
  });

  test('no House service on the agent: 503; a failing service: 500, both in JSON, the reason kept for the log (it may name files)', async () => {
    expect((await call('/matches', {}, null)).statusCode).toBe(503);
    const failing = await call('/matches', {}, { listMatches: () => { throw new Error('ENOENT: /srv/house/.eliza/matches/x.match.json'); }, getMatch: () => null });
    expect(failing.statusCode).toBe(500);
    expect(failing.body).toEqual({ error: 'The House could not read that just now; the host log says why.' });
  });

  test('an async service works the same', async () => {
    const res = await call('/matches/:id', { id: 'trust-1' }, { listMatches: async () => ({ matches: [match.summary], page: 1, per: 20, total: 1 }), getMatch: async () => match });
    expect((res.body as MatchDetail).summary.id).toBe('trust-1');
  });

  test('GET /sweeps without a PostgreSQL (POSTGRES_URL) is a 404 that says so, and the tab has no sweeps section', async () => {
    const saved = process.env.POSTGRES_URL;
    delete process.env.POSTGRES_URL;
    try {
      const res = await call('/sweeps');
      expect(res.statusCode).toBe(404);
      expect(String((res.body as { error: string }).error)).toStartWith('No queue: the House runs on PGLite.');
      expect(String((await call('/dashboard')).body)).not.toContain('Sweeps on the queue');
    } finally {
      if (saved !== undefined) process.env.POSTGRES_URL = saved;
    }
  });
});
