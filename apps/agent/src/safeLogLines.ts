import { redactSecrets } from '@the-house/lab/models/redact.ts';

/** The most of one text the host writes to its log: a failed query's text is useful, a whole match row is not. */
export const MAX_LOG_TEXT = 2_000;

/** How deep into a logged object texts are cleaned; deeper values are left out. */
const DEPTH = 4;

/** ElizaOS's priorities of its logger's levels (core 1.7.2), to leave lines below the level as they are: they are never written. */
const PRIORITY: ReadonlyMap<string, number> = new Map([
  ['trace', 10],
  ['verbose', 10],
  ['debug', 20],
  ['success', 27],
  ['progress', 28],
  ['log', 29],
  ['info', 30],
  ['warn', 40],
  ['error', 50],
  ['fatal', 60],
  ['alert', 60],
]);

const METHODS = ['trace', 'debug', 'info', 'log', 'success', 'progress', 'warn', 'error', 'fatal'] as const;

/**
 * A text as the host may log it: a failed query's parameters left out
 * (drizzle, under plugin-sql, puts every bound value of the query in its
 * error: for a save, the whole match row with its observer key), at most
 * MAX_LOG_TEXT characters, and secrets redacted (`redact.ts`) in case one
 * arrives some other way.
 */
export function safeLogText(text: string): string {
  const params = text.indexOf('\nparams: ');
  let out = params >= 0 ? `${text.slice(0, params)}\nparams: (left out of the log)` : text;
  if (out.length > MAX_LOG_TEXT) out = `${out.slice(0, MAX_LOG_TEXT)}… (${out.length - MAX_LOG_TEXT} more characters left out)`;
  return redactSecrets(out);
}

/** A logged value with every text in it made safe; an Error becomes its message (its own fields would carry drizzle's `params` again). */
function safeValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return safeLogText(value);
  if (value instanceof Error) return safeLogText(value.message);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= DEPTH) return '(left out of the log)';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => safeValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) Object.defineProperty(out, key, { value: safeValue(v, depth + 1), enumerable: true, writable: true, configurable: true });
  return out;
}

/** The part of an ElizaOS logger this wraps. */
export type WrappableLogger = { level?: unknown } & Partial<Record<(typeof METHODS)[number], unknown>>;

const wrapped = new WeakSet<object>();

/**
 * Every line a logger writes at or above its level goes through
 * `safeLogText`: the host wraps ElizaOS's logger (what plugin-sql logs a
 * refused write with) and each runtime's, once each. Lines below the level
 * pass untouched, since the logger drops them anyway.
 */
export function safeLogLines(logger: WrappableLogger): void {
  if (wrapped.has(logger)) return;
  wrapped.add(logger);
  const level = typeof logger.level === 'string' ? logger.level.toLowerCase() : '';
  const at = PRIORITY.get(level) ?? 0;
  for (const method of METHODS) {
    const original = logger[method];
    if (typeof original !== 'function' || (PRIORITY.get(method) ?? 0) < at) continue;
    logger[method] = (...args: unknown[]) => (original as (...a: unknown[]) => unknown).apply(logger, args.map((a) => safeValue(a, 0)));
  }
}
