import { createLogger } from '@elizaos/core';
import { afterEach, expect, test } from 'bun:test';
import { MAX_LOG_TEXT, safeLogLines, safeLogText } from './safeLogLines.ts';

const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;
const saved = METHODS.map((m) => [m, console[m]] as const);
afterEach(() => {
  for (const [m, original] of saved) console[m] = original;
});

/** What a logger writes while `run` runs (ElizaOS's logger ends in the console). */
function written(run: () => void): string {
  const lines: string[] = [];
  for (const m of METHODS) console[m] = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  run();
  for (const [m, original] of saved) console[m] = original;
  return lines.join('\n');
}

/** A save plugin-sql could not write: drizzle's error carries every bound value, here a match row with its observer key. */
function refusedSave(): Error {
  const row = JSON.stringify({ json: JSON.stringify({ id: 'trust-1-abc', observerKey: 'OBSERVERKEY0123456789abcdef', state: 'x'.repeat(320_000) }) });
  return Object.assign(new Error(`Failed query: insert into "cache" ("key", "agent_id", "value") values ($1, $2, $3)\nparams: house:match:trust-1-abc,agent,${row}`), { params: ['house:match:trust-1-abc', 'agent', row] });
}

test("plugin-sql's line for a refused write: the query stays, its parameters (the whole match row, the observer key in it) are left out, the line is bounded", () => {
  const logger = createLogger({ level: 'warn' });
  safeLogLines(logger);
  const error = refusedSave();
  const text = written(() => {
    logger.error({ src: 'plugin:sql', agentId: 'a', error: error.message, key: 'house:match:trust-1-abc' }, 'Error setting cache');
    logger.warn({ src: 'plugin:sql', attempt: 1, error }, 'Database operation failed, retrying');
    logger.error(error);
  });
  expect(text).toContain('Error setting cache');
  expect(text).toContain('Failed query: insert into "cache"');
  expect(text).toContain('params: (left out of the log)');
  expect(text).not.toContain('OBSERVERKEY');
  expect(text).not.toContain('xxxxxxxxxx');
  expect(text.length).toBeLessThan(3 * (MAX_LOG_TEXT + 200));
});

test('a long text is cut with its length said; a secret of a known shape is redacted', () => {
  const long = safeLogText('y'.repeat(10_000));
  expect(long).toBe(`${'y'.repeat(MAX_LOG_TEXT)}… (8000 more characters left out)`);
  expect(safeLogText('provider said: Bearer sk-abcdefghijklmnop1234')).not.toContain('sk-abcdefghijklmnop1234');
});

test('lines below the level pass untouched (the logger drops them), and a logger is wrapped once', () => {
  const seen: unknown[][] = [];
  const logger = { level: 'warn', debug: (...a: unknown[]) => void seen.push(a), error: (...a: unknown[]) => void seen.push(a) };
  safeLogLines(logger);
  safeLogLines(logger);
  const big = { error: 'z'.repeat(5_000) };
  logger.debug(big);
  logger.error(big);
  expect(seen[0]![0]).toBe(big);
  expect((seen[1]![0] as { error: string }).error.length).toBeLessThan(MAX_LOG_TEXT + 60);
});
