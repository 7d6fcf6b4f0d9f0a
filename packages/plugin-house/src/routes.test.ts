import { describe, expect, test } from 'bun:test';
import type { IAgentRuntime, Route } from '@elizaos/core';
import { fakeResponse } from './testing/fakeResponse.ts';
import { playedMatchDetail } from './testing/playedMatchDetail.ts';
import { houseRoutes, type MatchReader } from './routes.ts';
import type { MatchPageView } from './dashboard/matchPageView.ts';
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

  test('GET /signing-key: the public key match files are signed with, as PEM, its fingerprint in a header; a House with no match files has none', async () => {
    const signing = { ...house, signingKey: () => ({ pem: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n', fingerprint: 'ab'.repeat(32) }) };
    const res = await call('/signing-key', {}, signing);
    expect(res.statusCode).toBe(200);
    expect(res.headers['Content-Type']).toBe('application/x-pem-file');
    expect(res.headers['X-Key-Fingerprint']).toBe('ab'.repeat(32));
    expect(String(res.body)).toStartWith('-----BEGIN PUBLIC KEY-----');
    const none = await call('/signing-key', {}, { ...house, signingKey: () => null });
    expect(none.statusCode).toBe(404);
    expect((none.body as { error: string }).error).toContain('HOUSE_MATCH_DIR');
  });

  test('issue 33 (7): GET /signing-key with no key to be had (its folder full or read-only): a 503 in one plain line, no 500', async () => {
    const full = await call('/signing-key', {}, { ...house, signingKey: () => ({ error: 'the House could not make or read its signing key: the disk is full' }) });
    expect(full.statusCode).toBe(503);
    expect(full.body).toEqual({ error: 'No signing key to publish: the House could not make or read its signing key: the disk is full.' });
  });

  test('issue 33 (7): GET /matches/:id and its view ask for a window of rounds (from, to within bounds), never the whole match; nothing asked, the latest', async () => {
    const asked: unknown[] = [];
    const windowed = { ...house, getMatch: (id: string, options: unknown) => (asked.push(options), house.getMatch(id)) };
    for (const path of ['/matches/:id', '/matches/:id/view']) {
      for (const query of [{}, { from: '100', to: '199' }, { from: 'x', to: '99999999' }]) {
        const res = fakeResponse();
        await route(path).handler!({ params: { id: 'trust-1' }, query, headers: {} }, res, runtimeWith(windowed));
        expect(res.statusCode).toBe(200);
      }
    }
    const expected = [{ fresh: true, rounds: {} }, { fresh: true, rounds: { from: 100, to: 199 } }, { fresh: true, rounds: {} }];
    expect(asked).toEqual([...expected, ...expected]);
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

test("GET /matches/:id/view?as=: a finished match as one seat knew it; a running match's view hears no `as`", async () => {
  const over = playedMatchDetail('trust', ['ada', 'bob'], 99, { id: 'trust-2', config: { maxRounds: 3 } });
  const reader: MatchReader = { listMatches: () => ({ matches: [], page: 1, per: 20, total: 0 }), getMatch: (id) => (id === 'trust-2' ? over : id === 'trust-1' ? match : null) };
  const view = async (id: string) => {
    const res = fakeResponse();
    await route('/matches/:id/view').handler!({ params: { id }, query: { as: 'seat:bob' } }, res, runtimeWith(reader));
    return res.body as MatchPageView;
  };
  expect((await view('trust-2')).perspective!.as).toBe('seat:bob');
  expect((await view('trust-1')).perspective).toBeNull();
});

describe('the match page (issue 25)', () => {
  const goldmine = playedMatchDetail('goldmine', ['ada', 'bob'], 4, { id: 'goldmine-1', config: { size: 4 } });
  const both: MatchReader = {
    listMatches: () => ({ matches: [goldmine.summary], page: 1, per: 20, total: 1 }),
    getMatch: (id) => (id === goldmine.summary.id ? goldmine : null),
    observe: (key) => (key === 'k'.repeat(24) ? goldmine : null),
  };
  const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  async function get(path: string, params: Record<string, string>, headers: Record<string, string> = {}) {
    const res = fakeResponse();
    await route(path).handler!({ params, query: {}, headers }, res, runtimeWith(both));
    return res;
  }
  /** The view a page carries inline. */
  const inline = (html: string) => JSON.parse(html.slice(html.indexOf('const DATA = ') + 13, html.indexOf(';\n', html.indexOf('const DATA = '))).replace(/\\u003c/g, '<')) as MatchPageView;

  test('a browser gets a page with the board of every round, the chart and the scrubber; an API client the JSON, as before', async () => {
    const page = await get('/matches/:id', { id: 'goldmine-1' }, browser);
    expect(page.statusCode).toBe(200);
    expect(page.headers['Content-Type']).toBe('text/html; charset=utf-8');
    const html = String(page.body);
    expect(html).toContain('<input type="range" id="scrubber"');
    const view = inline(html);
    expect(view).toMatchObject({ id: 'goldmine-1', audience: 'public', live: true });
    expect(view.board!.frames.map((f) => f.round)).toEqual([1, 2, 3, 4]);
    expect(view.board!.size).toBe(4);
    const json = await get('/matches/:id', { id: 'goldmine-1' }, { accept: 'application/json' });
    expect((json.body as MatchDetail).summary.id).toBe('goldmine-1');
    expect((json.body as MatchDetail).state).toBeNull();
    expect(((await get('/matches/:id', { id: 'goldmine-1' })).body as MatchDetail).summary.id).toBe('goldmine-1');
  });

  test('the public page of a running Gold mining match: the map of each round from public facts, gold hidden, nothing of the state', async () => {
    const view = (await get('/matches/:id/view', { id: 'goldmine-1' })).body as MatchPageView;
    const state = goldmine.state as { gold: number[]; owner: number[] };
    expect(view.board!.frames.at(-1)!.owner).toEqual(state.owner);
    expect(view.board!.frames.every((f) => f.rows.every((r) => r.cells[1] === 'hidden'))).toBe(true);
    expect(view.board!.hidden).toContain("Each miner's gold is its own business");
    expect(view.chart!.title).toBe('Plots held after each round');
    expect(JSON.stringify(view)).not.toContain('"gold":');
  });

  test("the observer's link: the same page with everything, gold included", async () => {
    const page = await get('/observe/:key', { key: 'k'.repeat(24) }, browser);
    const view = inline(String(page.body));
    expect(view.audience).toBe('observer');
    const gold = (goldmine.state as { gold: number[] }).gold;
    expect(view.board!.frames.at(-1)!.rows.map((r) => r.cells[1])).toEqual(gold.map(String));
    expect(view.chart!.title).toBe('Gold after each round');
    expect(String(page.body)).toContain("The observer's view");
    const polled = (await get('/observe/:key/view', { key: 'k'.repeat(24) })).body as MatchPageView & { detail: MatchDetail };
    expect(polled.audience).toBe('observer');
    expect(polled.detail.state).not.toBeNull();
    const gone = await get('/observe/:key', { key: 'x'.repeat(24) }, browser);
    expect(gone.statusCode).toBe(404);
    // A person opening the link once the match is over reads a page that sends them to the House tab, not JSON.
    expect(String(gone.body)).toStartWith('<!doctype html>');
    expect(String(gone.body)).toContain('a match that is over is public on /house.</p><p><a href="/house">The House tab: every match, finished ones in full</a>');
    expect((await get('/observe/:key', { key: 'x'.repeat(24) })).body).toEqual({ error: 'This observer link is not for a match that is live here now; a match that is over is public on /house.' });
  });

  test("an observer link opened after its match ended here: a browser is sent to the match's public page, an API client gets the 404 with the match", async () => {
    const over = 'o'.repeat(24);
    const reader: MatchReader = { ...both, observe: () => null, observedMatch: (key) => (key === over ? 'goldmine-1' : null) };
    const open = async (path: string, key: string, headers: Record<string, string> = {}) => {
      const res = fakeResponse();
      await route(path).handler!({ params: { key }, query: {}, headers }, res, runtimeWith(reader));
      return res;
    };
    const page = await open('/observe/:key', over, browser);
    expect(page.statusCode).toBe(302);
    expect(page.headers.Location).toBe('/house/matches/goldmine-1');
    expect(String(page.body)).toContain('<a href="/house/matches/goldmine-1">its page</a>');
    const error = 'This observer link is not for a match that is live here now; a match that is over is public on /house.';
    expect((await open('/observe/:key', over)).body).toEqual({ error, match: 'goldmine-1' });
    const polled = await open('/observe/:key/view', over, browser);
    expect([polled.statusCode, polled.body]).toEqual([404, { error, match: 'goldmine-1' }]);
    // A key the House does not know (another one, or one from before a restart) reads as before.
    const unknown = await open('/observe/:key', 'u'.repeat(24), browser);
    expect(unknown.statusCode).toBe(404);
    expect(String(unknown.body)).toContain('<a href="/house">The House tab');
    expect((await open('/observe/:key', 'u'.repeat(24))).body).toEqual({ error });
  });

  test('an unknown or impossible id: a page saying so for a browser, JSON for an API client', async () => {
    const missing = await get('/matches/:id', { id: 'nope' }, browser);
    expect(missing.statusCode).toBe(404);
    expect(String(missing.body)).toContain('No match with id &#39;nope&#39;.');
    expect((await get('/matches/:id', { id: '<script>' }, browser)).statusCode).toBe(400);
    expect(String((await get('/matches/:id', { id: '<script>' }, browser)).body)).not.toContain('<script>alert');
    expect((await get('/matches/:id/view', { id: 'nope' })).body).toEqual({ error: "No match with id 'nope'." });
  });

  test('with an API key: a browser without it gets the page with no data (its script asks with the key); JSON and the view get a 401', async () => {
    process.env.ELIZA_SERVER_AUTH_TOKEN = 'a-key-for-this-test';
    try {
      const page = await get('/matches/:id', { id: 'goldmine-1' }, browser);
      expect(page.statusCode).toBe(200);
      expect(String(page.body)).toContain('const DATA = null;');
      expect(String(page.body)).toContain("'eliza-api-key-' + location.origin");
      expect((await get('/matches/:id', { id: 'goldmine-1' })).statusCode).toBe(401);
      expect((await get('/matches/:id/view', { id: 'goldmine-1' }, browser)).statusCode).toBe(401);
      const keyed = await get('/matches/:id/view', { id: 'goldmine-1' }, { 'x-api-key': 'a-key-for-this-test' });
      expect((keyed.body as MatchPageView).id).toBe('goldmine-1');
    } finally {
      delete process.env.ELIZA_SERVER_AUTH_TOKEN;
    }
  });
});

describe('GET /ratings (issue 37)', () => {
  test('each rating with its 95% interval, shared rank, provisional mark and cost, and only the fields it names', async () => {
    const row = { rank: 1, participant: 'model:gpt-4o', ordinal: 20.5, mu: 27, sigma: 2, low: 23, high: 31, matches: 9, wins: 3 };
    const rated: MatchReader = {
      ...house,
      leaderboards: async () => ({
        trust: [
          { ...row, brain: 'model gpt-4o', playedBy: [{ name: 'Mia', matches: 9 }], strategy: null, shownRank: 1, tied: true, low95: 23.08, high95: 30.92, provisional: true, costPerGame: 0.03, costPerWin: 0.09, secret: 'kept by the store' } as never,
          { ...row, rank: 2, participant: 'copycat', mu: 26, ordinal: 20, brain: 'offline, copycat', playedBy: [], strategy: 'copycat', shownRank: 1, tied: true, low95: 22.08, high95: 29.92, provisional: true, costPerGame: 0, costPerWin: 0 },
        ],
      }),
    };
    const res = await call('/ratings', {}, rated);
    expect(res.statusCode).toBe(200);
    const trust = (res.body as Record<string, Array<Record<string, unknown>>>).trust!;
    expect(trust[0]).toEqual({ rank: 1, shownRank: 1, tied: true, participant: 'model:gpt-4o', brain: 'model gpt-4o', playedBy: [{ name: 'Mia', matches: 9 }], strategy: null, ordinal: 20.5, mu: 27, sigma: 2, low: 23, high: 31, low95: 23.08, high95: 30.92, provisional: true, matches: 9, wins: 3, costPerGame: 0.03, costPerWin: 0.09 });
    expect(trust[1]).toMatchObject({ participant: 'copycat', shownRank: 1, tied: true, costPerGame: 0 });
  });
});
