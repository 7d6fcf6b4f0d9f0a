/** Levels the ElizaOS logger knows, quietest last. */
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
type Level = (typeof LEVELS)[number];

function levelOf(value: string | undefined): Level | null {
  const v = value?.trim().toLowerCase();
  return (LEVELS as readonly string[]).includes(v ?? '') ? (v as Level) : null;
}

/**
 * Splits the person's LOG_LEVEL (default info) into the House's level and
 * the framework's: at info a person reads the host's and the House's own
 * lines, one per event they care about, while the framework's per-message
 * chatter (message bus, runtime, plugin-sql) needs debug. It must run before
 * `@elizaos/core` is imported: its logger reads LOG_LEVEL once, at import.
 */
export function splitLogLevel(env: NodeJS.ProcessEnv): { house: Level; framework: Level } {
  const house = levelOf(env.HOUSE_LOG_LEVEL) ?? levelOf(env.LOG_LEVEL) ?? 'info';
  const framework = house === 'info' ? 'warn' : house;
  env.HOUSE_LOG_LEVEL = house;
  env.LOG_LEVEL = framework;
  return { house, framework };
}

/** Whether the House's level lets a line of `level` through. */
export function houseLogs(env: NodeJS.ProcessEnv, level: 'info' | 'warn' | 'error'): boolean {
  const at = levelOf(env.HOUSE_LOG_LEVEL) ?? 'info';
  return LEVELS.indexOf(level) >= LEVELS.indexOf(at);
}
