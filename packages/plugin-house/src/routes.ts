import { timingSafeEqual } from 'node:crypto';
import type { IAgentRuntime, Route, RouteRequest, RouteResponse } from '@elizaos/core';
import { isReservedKey } from '@the-house/games/engine/safeKey.ts';
import { games } from '@the-house/games/registry.ts';
import { peopleTitled } from './games/houseGames.ts';
import { activeHostLine } from './activeHost.ts';
import { dashboardPage } from './dashboard/dashboardPage.ts';
import type { Rendered } from './dashboard/chartSpec.ts';
import { pickDetailed, renderDashboard } from './dashboard/renderDashboard.ts';
import { renderSweeps } from './dashboard/renderSweeps.ts';
import { queueSweeps } from '@the-house/lab/queue/queueSweeps.ts';
import type { LeaderboardRow } from '@the-house/lab/ratings/index.ts';
import { forAudience, publicPage, type Audience } from './records/audience.ts';
import { publicRatings } from './ratingsBoard.ts';
import { matchPage } from './dashboard/matchPage.ts';
import { matchPageView } from './dashboard/matchPageView.ts';
import { escapeHtml, htmlPage } from '@the-house/lab/report/htmlPage.ts';
import { windowOf, type RoundsWanted } from './records/matchWindow.ts';
import type { MatchDetail, MatchPage } from './types.ts';

/** What the routes read from the House's service (registered as `house`). */
export interface MatchReader {
  listMatches(options?: { page?: number; per?: number }): MatchPage | Promise<MatchPage>;
  /** `fresh`: a closed match read from the database and checked again, not the copy the House tab's polling keeps; `rounds`: a window of its rounds (the latest when it names none). */
  getMatch(id: string, options?: { fresh?: boolean; rounds?: RoundsWanted }): MatchDetail | null | undefined | Promise<MatchDetail | null | undefined>;
  /** Rating leaderboards by game, when the service keeps them. */
  leaderboards?(): Promise<Record<string, LeaderboardRow[]>>;
  /** The live match an observer link names (its private key), in full; null for any other key. */
  observe?(key: string): MatchDetail | null;
  /** The match an observer link was for once it is over (known to the House since it started); null for any other key. */
  observedMatch?(key: string): string | null;
  /** The public key match files are signed with, and its fingerprint (or why it cannot be had, in one line); null when the House writes no match files. */
  signingKey?(): { pem: string; fingerprint: string } | { error: string } | null;
}

function reader(runtime: IAgentRuntime): MatchReader | null {
  const service = runtime.getService('house') as unknown as Partial<MatchReader> | null;
  return service && typeof service.listMatches === 'function' && typeof service.getMatch === 'function' ? (service as MatchReader) : null;
}

const titles = Object.fromEntries(Object.values(peopleTitled(games)).map((g) => [g.id, g.title]));

/** A whole number from a query parameter, within bounds; anything else gives `fallback`. */
function queryInt(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** The rounds a match route is asked for (`?from=R&to=R`, either may be left out). */
function roundsAsked(req: RouteRequest): RoundsWanted {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const from = queryInt(query.from, -1, 0, 1_000_000);
  const to = queryInt(query.to, -1, 0, 1_000_000);
  return { ...(from >= 0 ? { from } : {}), ...(to >= 0 ? { to } : {}) };
}

function pageOf(req: RouteRequest): { page: number; per: number } {
  const query = (req.query ?? {}) as Record<string, unknown>;
  return { page: queryInt(query.page, 1, 1, 100_000), per: queryInt(query.per, 20, 1, 100) };
}

/** The dashboard's view for its audience: one page of the matches listed, the live and latest ones of it in full, and the sweeps on the queue when there is one. */
export async function dashboardView(house: MatchReader, paging: { page: number; per: number } = { page: 1, per: 20 }, queueUrl?: string, audience: Audience = 'public'): Promise<Rendered> {
  const page = await house.listMatches(paging);
  const details: MatchDetail[] = [];
  for (const s of pickDetailed(page.matches)) {
    // One match that cannot be read is that match's problem, never the page's.
    const d = await Promise.resolve(house.getMatch(s.id, { rounds: {} })).catch(() => null);
    if (d) details.push(forAudience(games, d, audience));
  }
  const shown = audience === 'public' ? publicPage(games, page) : page;
  const view = renderDashboard(shown, details, titles, (await house.leaderboards?.()) ?? {}, audience);
  return { ...view, html: `${view.html}${activeHostLine()}${queueUrl ? `\n${renderSweeps(await queueSweeps(queueUrl))}` : ''}` };
}

/** An observer link whose match is not live here: over (then public, in full, on the House tab), or never this House's. */
const OBSERVER_GONE = 'This observer link is not for a match that is live here now; a match that is over is public on /house.';

/** The observer's page says whose it is, above the match. */
const OBSERVER_BANNER = "The observer's view: everything of this match, live, including what the players do not see. Private: do not share this page's address.";

/** The queue's database: the House's own PostgreSQL (POSTGRES_URL), where `sweep ... --queue` enqueues by default; none on PGLite. */
function queueUrlOf(runtime: IAgentRuntime): string | undefined {
  const url = runtime.getSetting?.('POSTGRES_URL') ?? process.env.POSTGRES_URL;
  return typeof url === 'string' && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/** The key the host's REST API wants (ELIZA_SERVER_AUTH_TOKEN), when it wants one. */
function hostKey(runtime: IAgentRuntime): string | null {
  const key = runtime.getSetting?.('ELIZA_SERVER_AUTH_TOKEN') ?? process.env.ELIZA_SERVER_AUTH_TOKEN;
  return typeof key === 'string' && key ? key : null;
}

/** Whether a request carries the host's key in X-API-KEY, compared in constant time. */
function carriesKey(req: RouteRequest, key: string): boolean {
  const given = req.headers?.['x-api-key'];
  const text = Array.isArray(given) ? given[0] : given;
  if (typeof text !== 'string') return false;
  const a = Buffer.from(text);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Wraps a handler: the server calls handlers without awaiting them, so every
 * failure must become a response here. No House service is a 503. A host with
 * an API key wants it on every House route, as on its REST API (ElizaOS mounts
 * plugin routes before its own key check); `shell` serves the page without any
 * data instead, for its script to ask again with the key.
 */
function handle(run: (house: MatchReader, req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime) => Promise<void>, shell?: (res: RouteResponse, req: RouteRequest) => boolean) {
  return async (req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime): Promise<void> => {
    try {
      const key = hostKey(runtime);
      if (key && !carriesKey(req, key)) {
        noStore(res);
        // A shell answers only the requests it is for (a browser's, for a page); the others get the 401.
        if (!shell?.(res, req)) res.status(401).json({ error: 'This House wants its API key in the X-API-KEY header, as its REST API does.' });
        return;
      }
      const house = reader(runtime);
      if (!house) {
        res.status(503).json({ error: 'The House service is not running on this agent.' });
        return;
      }
      await run(house, req, res, runtime);
    } catch (error) {
      // The reason goes to the host's log; a reader gets one line that names no file or query.
      runtime.logger?.error?.(`House: ${req.path ?? 'a route'} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.status(500).json({ error: 'The House could not read that just now; the host log says why.' });
    }
  };
}

function noStore(res: RouteResponse): void {
  res.setHeader?.('Cache-Control', 'no-store');
}

/**
 * The House's HTTP routes (served under `/house/...`): the public `House` tab,
 * the view it polls, and the JSON of the matches (`/matches?page=N&per=M`,
 * newest first; a closed match is read from the database when asked for) and
 * of the sweeps on the queue (`/sweeps`, on PostgreSQL).
 */
export const houseRoutes: Route[] = [
  {
    type: 'GET',
    path: '/dashboard',
    public: true,
    name: 'House',
    handler: handle(
      async (house, req, res, runtime) => void sendPage(res, dashboardPage(await dashboardView(house, pageOf(req), queueUrlOf(runtime)))),
      (res) => sendPage(res, dashboardPage(null)),
    ),
  },
  {
    type: 'GET',
    path: '/dashboard/view',
    handler: handle(async (house, req, res, runtime) => {
      noStore(res);
      res.status(200).json(await dashboardView(house, pageOf(req), queueUrlOf(runtime)));
    }),
  },
  {
    type: 'GET',
    path: '/observe/:key',
    handler: handle(
      async (house, req, res) => {
        const detail = observed(house, req);
        if (!detail) {
          // A person opening the link after the match ended goes to its public page (or, its match unknown, reads where it went); an API client keeps its JSON.
          const match = observedMatch(house, req);
          if (wantsPage(req)) return match ? redirect(res, `/house/matches/${encodeURIComponent(match)}`) : missingPage(res, 404, OBSERVER_GONE, { href: '/house', text: 'The House tab: every match, finished ones in full' });
          return void res.status(404).json({ error: OBSERVER_GONE, ...(match ? { match } : {}) });
        }
        void sendPage(res, matchPage(matchPageView(detail, titles[detail.summary.game] ?? detail.summary.game, 'observer'), OBSERVER_BANNER));
      },
      (res) => sendPage(res, matchPage(null, OBSERVER_BANNER)),
    ),
  },
  {
    type: 'GET',
    path: '/observe/:key/view',
    handler: handle(async (house, req, res) => {
      noStore(res);
      const detail = observed(house, req);
      if (!detail) {
        const match = observedMatch(house, req);
        return void res.status(404).json({ error: OBSERVER_GONE, ...(match ? { match } : {}) });
      }
      res.status(200).json({ ...matchPageView(detail, titles[detail.summary.game] ?? detail.summary.game, 'observer'), detail });
    }),
  },
  {
    type: 'GET',
    path: '/sweeps',
    handler: handle(async (_house, _req, res, runtime) => {
      noStore(res);
      const url = queueUrlOf(runtime);
      if (!url) {
        res.status(404).json({ error: 'No queue: the House runs on PGLite. Set POSTGRES_URL to run it, and sweep ... --queue, on PostgreSQL.' });
        return;
      }
      const reading = await queueSweeps(url);
      if (reading.ok) res.status(200).json({ sweeps: reading.sweeps });
      else res.status(502).json({ error: `The queue could not be read: ${reading.error}` });
    }),
  },
  {
    type: 'GET',
    path: '/matches',
    handler: handle(async (house, req, res) => {
      noStore(res);
      res.status(200).json(publicPage(games, await house.listMatches(pageOf(req))));
    }),
  },
  {
    type: 'GET',
    path: '/ratings',
    handler: handle(async (house, _req, res) => {
      noStore(res);
      res.status(200).json(publicRatings((await house.leaderboards?.()) ?? {}));
    }),
  },
  {
    type: 'GET',
    path: '/signing-key',
    handler: handle(async (house, _req, res) => {
      const key = house.signingKey?.() ?? null;
      if (!key) return void res.status(404).json({ error: 'This House writes no match files (HOUSE_MATCH_DIR is not set), so it signs none.' });
      // A key that cannot be made (its folder full or read-only) is the server's trouble, for now: one line, no path.
      if ('error' in key) return void res.status(503).json({ error: `No signing key to publish: ${key.error}.` });
      // The PEM as it is, for `curl ... > house.pub.pem` and `verify-match --key house.pub.pem`; the fingerprint a signature names, beside it.
      res.setHeader?.('Content-Type', 'application/x-pem-file');
      res.setHeader?.('X-Key-Fingerprint', key.fingerprint);
      res.status(200).send(key.pem);
    }),
  },
  {
    type: 'GET',
    path: '/matches/:id',
    handler: handle(
      async (house, req, res) => {
        const page = wantsPage(req);
        res.setHeader?.('Vary', 'Accept');
        const found = await publicMatch(house, req, res, page);
        if (!found) return;
        if (page) sendPage(res, matchPage(matchPageView(found, titles[found.summary.game] ?? found.summary.game, 'public')));
        else res.status(200).json(found);
      },
      (res, req) => wantsPage(req) && sendPage(res, matchPage(null)),
    ),
  },
  {
    type: 'GET',
    path: '/matches/:id/view',
    handler: handle(async (house, req, res) => {
      const found = await publicMatch(house, req, res, false);
      // `?as=`: a finished match read as its room, one seat or everything (matchPageView hears it only once the match is over).
      if (found) res.status(200).json(matchPageView(found, titles[found.summary.game] ?? found.summary.game, 'public', ((req.query ?? {}) as Record<string, unknown>).as));
    }),
  },
];

/** Sends a page; true, for a shell to say it answered. */
function sendPage(res: RouteResponse, html: string): true {
  res.setHeader?.('Content-Type', 'text/html; charset=utf-8');
  noStore(res);
  res.status(200).send(html);
  return true;
}

/** Whether a request is a browser's asking for a page (`Accept: text/html`); an API client (any type, `application/json`, or no Accept) gets JSON, as before there were pages. */
export function wantsPage(req: RouteRequest): boolean {
  const given = req.headers?.accept;
  const accept = (Array.isArray(given) ? given.join(',') : String(given ?? '')).toLowerCase();
  return accept.includes('text/html') && !accept.trimStart().startsWith('application/json');
}

/** A one-line page for a browser that asked for a match that is not there. */
function missingPage(res: RouteResponse, status: number, text: string, link?: { href: string; text: string }): void {
  res.setHeader?.('Content-Type', 'text/html; charset=utf-8');
  const more = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  res.status(status).send(htmlPage({ title: 'The House', body: `<h1><a href="/house">The House</a></h1><p>${escapeHtml(text)}</p>${more}`, charts: false }));
}

/**
 * The match a route's id names, as the public reads it (RULES S-a): read and
 * checked anew when closed. A bad id is a 400 and an unknown one a 404, as a
 * page when `page`, else in JSON; null then.
 */
async function publicMatch(house: MatchReader, req: RouteRequest, res: RouteResponse, page: boolean): Promise<MatchDetail | null> {
  const id = req.params?.id ?? '';
  noStore(res);
  // A route parameter is outside text: `constructor` and `__proto__` fit the pattern but name no match and reach no prototype.
  if (!/^[\w.-]{1,128}$/.test(id) || isReservedKey(id)) {
    const error = 'A match id is letters, digits, dots and dashes (at most 128).';
    if (page) missingPage(res, 400, error);
    else res.status(400).json({ error });
    return null;
  }
  // Asked for by id, a closed match is read and checked anew: what the database holds now, not a copy in memory.
  // A window of its rounds, however long the match: one request never builds a whole long match.
  const detail = await house.getMatch(id, { fresh: true, rounds: roundsAsked(req) });
  if (!detail) {
    const error = `No match with id '${id}'.`;
    if (page) missingPage(res, 404, error);
    else res.status(404).json({ error });
    return null;
  }
  return forAudience(games, detail, 'public');
}

/** A relative redirect (302) to a page of this House, with the link in its body for a client that does not follow it; a response that cannot set headers gets the page alone. */
function redirect(res: RouteResponse, href: string): void {
  const body = `<h1><a href="/house">The House</a></h1><p>This match is over: <a href="${escapeHtml(href)}">its page</a>.</p>`;
  if (!res.setHeader) return void res.status(200).send(htmlPage({ title: 'The House', body: `<meta http-equiv="refresh" content="0; url=${escapeHtml(href)}">${body}`, charts: false }));
  res.setHeader('Location', href);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  noStore(res);
  res.status(302).send(htmlPage({ title: 'The House', body, charts: false }));
}

/** An observer link's key as the path gives it, when it has the form the House makes; null otherwise (nothing is looked up). */
function observerKey(req: RouteRequest): string | null {
  const key = req.params?.key ?? '';
  return /^[\w-]{20,100}$/.test(key) ? key : null;
}

/** The match an observer link was for, once over (null when the key is malformed, or the House does not know it). */
function observedMatch(house: MatchReader, req: RouteRequest): string | null {
  const key = observerKey(req);
  return key ? (house.observedMatch?.(key) ?? null) : null;
}

/** The live match an observer link names. */
function observed(house: MatchReader, req: RouteRequest): MatchDetail | null {
  const key = observerKey(req);
  const detail = key ? (house.observe?.(key) ?? null) : null;
  return detail ? windowOf(detail, roundsAsked(req)) : null;
}
