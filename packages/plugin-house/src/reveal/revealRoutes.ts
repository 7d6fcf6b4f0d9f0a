import type { IAgentRuntime, Route, RouteRequest, RouteResponse } from '@elizaos/core';
import { escapeHtml, htmlPage } from '@the-house/lab/report/htmlPage.ts';
import { wantsPage } from '../routes.ts';
import { revealsOf } from './oneTimeReveals.ts';

const NONCE = /^[A-Za-z0-9_-]{43}$/;
const OPENED = 'This link was opened already: it shows its secret once. If that was not you, someone else read it: stop the match, or ask the House for a new one.';
const UNKNOWN = 'This link is not known here: it was never made, its hour is up, or the House restarted since. Ask the House for a new one.';

/** A browser gets the page, any other client the JSON; neither is kept by a cache or named to another site. */
function answer(req: RouteRequest, res: RouteResponse, status: number, json: object, body: string): void {
  res.setHeader?.('Cache-Control', 'no-store');
  res.setHeader?.('Referrer-Policy', 'no-referrer');
  if (!wantsPage(req)) return void res.status(status).json(json);
  res.setHeader?.('Content-Type', 'text/html; charset=utf-8');
  res.status(status).send(htmlPage({ title: 'The House', body: `<h1>The House</h1>${body}`, charts: false }));
}

/** GET: a page with a button, and no secret: a link preview or a crawler that follows the link opens nothing. */
function page(req: RouteRequest, res: RouteResponse): void {
  const nonce = req.params?.nonce ?? '';
  if (!NONCE.test(nonce)) return refused(req, res, 404, UNKNOWN);
  answer(req, res, 200, { reveal: 'POST to this address shows the secret, once' }, `<p>This link shows a secret of yours once. Open it only where nobody else can read your screen.</p><form method="post" action="${escapeHtml(nonce)}"><button type="submit">Show it</button></form>`);
}

/** POST: the secret, the first time; afterwards, that it was opened. */
function reveal(req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime): void {
  const nonce = req.params?.nonce ?? '';
  const taken = NONCE.test(nonce) ? revealsOf(runtime).take(nonce) : ({ ok: false, why: 'unknown' } as const);
  if (!taken.ok) return refused(req, res, taken.why === 'opened' ? 410 : 404, taken.why === 'opened' ? OPENED : UNKNOWN);
  answer(req, res, 200, { what: taken.what, secret: taken.secret }, `<p>${escapeHtml(taken.what)} (shown this once; keep it to yourself):</p><p><code>${escapeHtml(taken.secret)}</code></p>`);
}

const refused = (req: RouteRequest, res: RouteResponse, status: number, text: string): void => answer(req, res, status, { error: text }, `<p>${escapeHtml(text)}</p>`);

const guarded = (run: (req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime) => void) => async (req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime): Promise<void> => {
  try {
    run(req, res, runtime);
  } catch (error) {
    runtime.logger?.error?.(`House: a reveal link failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!res.headersSent) res.status(500).json({ error: 'The House could not open that link just now; the host log says why.' });
  }
};

/**
 * The one-time links (`/house/reveal/<nonce>`), served under /house. The
 * nonce is the route's only credential, as a seat token is for its route:
 * the host's API key is not asked for (a browser following a link from a
 * chat carries none).
 */
export const revealRoutes: Route[] = [
  { type: 'GET', path: '/reveal/:nonce', handler: guarded(page) },
  { type: 'POST', path: '/reveal/:nonce', handler: guarded(reveal) },
];
