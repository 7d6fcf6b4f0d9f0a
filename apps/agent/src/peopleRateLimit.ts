import type { IncomingMessage, ServerResponse } from 'node:http';
import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';

const WINDOW_MS = 15 * 60 * 1000;
/** Per address per window: what ElizaOS 1.7.2 allows every request, kept for what changes things. */
const WRITES = 1000;
/** Reads per address per window: the web GUI polls about 110 a minute with a room and the House tab open. */
const READS = 20_000;

/**
 * True for a request from this machine that no proxy forwarded: the host's
 * own web GUI on loopback, or a script beside it. A reverse proxy on the same
 * machine forwards with headers, and those requests count as their sender's.
 */
export function fromThisMachine(req: IncomingMessage): boolean {
  const address = req.socket?.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  return loopback && !req.headers['x-forwarded-for'] && !req.headers.forwarded && !req.headers['x-real-ip'];
}

const isRead = (req: IncomingMessage) => req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

function limiter(kind: 'reads' | 'writes', limit: number, local: (req: IncomingMessage) => boolean): RateLimitRequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skip: (req) => local(req),
    handler: (req, res) => {
      const reset = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const minutes = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 60_000)) : 15;
      const message = `Too many requests from your address: at most ${limit.toLocaleString('en-US')} ${kind} per 15 minutes; try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`;
      res.statusCode = 429;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: false, error: { code: 'RATE_LIMIT_EXCEEDED', message } }));
    },
  });
}

/**
 * The `/api` rate limit that counts people only: requests from this machine
 * are never counted (the GUI a person keeps open for hours, the House's own
 * traffic), and from elsewhere writes and reads have budgets of their own,
 * so watching does not use up what talking needs. A person over a budget gets
 * one line saying which, and when it frees up.
 */
export function peopleRateLimit(local: (req: IncomingMessage) => boolean = fromThisMachine): Middleware {
  const writes = limiter('writes', WRITES, local);
  const reads = limiter('reads', READS, local);
  return (req, res, next) => {
    const counted = isRead(req) ? reads : writes;
    void (counted as unknown as Middleware)(req, res, next);
  };
}

interface Layer {
  handle: Middleware & { stack?: Layer[]; resetKey?: unknown; getKey?: unknown };
}

/**
 * Puts `peopleRateLimit` where ElizaOS's own `/api` limiter is (1,000
 * requests per 15 minutes per address, loopback included, not configurable
 * in 1.7.2): the first rate-limit middleware of the `/api` router. Returns
 * false when no such layer is there (another server version).
 */
export function replaceApiRateLimit(app: unknown, limit: Middleware = peopleRateLimit()): boolean {
  const stack = ((app as { router?: { stack?: Layer[] } }).router?.stack ?? []) as Layer[];
  for (const layer of stack) {
    const inner = layer.handle?.stack;
    if (!inner) continue;
    const found = inner.find((l) => typeof l.handle?.resetKey === 'function' && typeof l.handle?.getKey === 'function');
    if (found) {
      found.handle = limit as Layer['handle'];
      return true;
    }
  }
  return false;
}
