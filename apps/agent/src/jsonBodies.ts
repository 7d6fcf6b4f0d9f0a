import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonDepth } from './jsonDepth.ts';

/** The deepest a JSON request body may nest: far past any the House or ElizaOS's REST API reads, far short of a parser's stack. */
export const MAX_JSON_DEPTH = 64;

type Next = (error?: unknown) => void;

/** Bytes in a size such as ElizaOS's EXPRESS_MAX_PAYLOAD (`2mb`, `512kb`, `100000`); `fallback` for anything else. */
export function byteLimit(text: string | undefined, fallback: number): number {
  const m = /^\s*(\d{1,9})\s*(b|kb|mb)?\s*$/i.exec(text ?? '');
  if (!m) return fallback;
  const unit = (m[2] ?? 'b').toLowerCase();
  return Number(m[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}

const isJson = (req: IncomingMessage): boolean => {
  const type = String(req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json';
};

/** A refusal in one line of JSON: `{error}` on the House's routes, the shape ElizaOS's REST API answers in elsewhere. */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return;
  const path = (req.url ?? '').split('?', 1)[0]!;
  const body = path === '/house' || path.startsWith('/house/') ? { error: message } : { success: false, error: { code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message } };
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Connection', 'close');
  res.end(JSON.stringify(body));
}

/**
 * The host's JSON bodies, read before ElizaOS's own parser (express.json,
 * which then sees a body already read and passes): at most `limit` bytes,
 * nesting at most MAX_JSON_DEPTH deep (counted before parsing), an object or
 * a list, valid JSON. Anything else is refused in one plain line of JSON (400,
 * or 413 when too large), never Express's HTML page with its stack trace and
 * install paths. A compressed body is refused: nothing here sends one.
 */
export function jsonBodies(limit: number): (req: IncomingMessage & { body?: unknown }, res: ServerResponse, next: Next) => void {
  return (req, res, next) => {
    if (!isJson(req)) return next();
    const encoding = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') return refuse(req, res, 415, 'The request body must not be compressed.');
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      return refuse(req, res, 413, `The request body is over ${limit} bytes.`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        return refuse(req, res, 413, `The request body is over ${limit} bytes.`);
      }
      chunks.push(chunk);
    });
    req.on('error', () => refuse(req, res, 400, 'The request body could not be read.'));
    req.on('end', () => {
      if (over) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        req.body = {};
        return next();
      }
      if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return refuse(req, res, 400, `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
      const first = text.trimStart()[0];
      if (first !== '{' && first !== '[') return refuse(req, res, 400, 'The request body must be a JSON object or list.');
      try {
        req.body = JSON.parse(text);
      } catch {
        return refuse(req, res, 400, 'The request body is not valid JSON.');
      }
      next();
    });
  };
}

/**
 * The host's last word on an error nothing else answered (Express's own
 * would be an HTML page with the stack trace): its status when it carries
 * one, else 500, in one plain line of JSON. The reason goes to `log`.
 */
export function plainErrors(log: (line: string) => void): (error: unknown, req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (error, req, res, _next) => {
    const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
    const known = status >= 400 && status < 600 ? status : 500;
    if (known >= 500) log(`request ${req.method} ${(req.url ?? '').split('?', 1)[0]!.slice(0, 120)} failed: ${error instanceof Error ? error.message.split('\n', 1)[0] : String(error).slice(0, 200)}`);
    refuse(req, res, known, known >= 500 ? 'The host could not answer that request; its log says why.' : 'The request could not be read.');
  };
}
