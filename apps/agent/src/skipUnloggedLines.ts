/** ElizaOS's priorities of the two levels skipped here and of every level a logger may be set to. */
const PRIORITY: Record<string, number> = { trace: 10, verbose: 10, debug: 20, success: 27, progress: 28, log: 29, info: 30, warn: 40, error: 50, fatal: 60, alert: 60 };

/** The part of an ElizaOS logger this reads and changes. */
export interface FrameworkLogger {
  level?: unknown;
  trace: unknown;
  debug: unknown;
}

const skipped = new WeakSet<object>();
const nothing = (): void => {};

/**
 * ElizaOS's logger (core 1.7.2) builds each line before it asks whether the
 * line's level is on: it copies and redacts the object and formats it. A
 * model call's `Model input` trace so formats the whole prompt, at any level,
 * on the thread that sends the request. Where the logger's level leaves
 * trace (or debug) lines out, this makes them do nothing at once: what is
 * written is unchanged, since those lines were never written.
 */
export function skipUnloggedLines<L extends FrameworkLogger>(logger: L): void {
  if (skipped.has(logger)) return;
  skipped.add(logger);
  const level = typeof logger.level === 'string' ? logger.level.toLowerCase() : '';
  if (!Object.hasOwn(PRIORITY, level)) return;
  const at = PRIORITY[level]!;
  if (PRIORITY.trace! < at) logger.trace = nothing as L['trace'];
  if (PRIORITY.debug! < at) logger.debug = nothing as L['debug'];
}
