import { createLogger } from '@elizaos/core';
import { expect, test } from 'bun:test';
import { skipUnloggedLines } from './skipUnloggedLines.ts';

/** Whether formatting `probe` was asked for: ElizaOS's logger reads the object to redact and format it. */
function formats(logger: ReturnType<typeof createLogger>, method: 'trace' | 'debug' | 'warn'): boolean {
  let read = false;
  const probe = {
    get prompt() {
      read = true;
      return 'a long prompt';
    },
  };
  logger[method](probe, 'Model input');
  return read;
}

test('below the logger’s level, trace and debug lines are not built at all; at or above it they are', () => {
  const quiet = createLogger({ level: 'warn' });
  expect(formats(quiet, 'trace')).toBe(true);
  skipUnloggedLines(quiet);
  expect(formats(quiet, 'trace')).toBe(false);
  expect(formats(quiet, 'debug')).toBe(false);
  expect(formats(quiet, 'warn')).toBe(true);

  const chatty = createLogger({ level: 'debug' });
  skipUnloggedLines(chatty);
  expect(formats(chatty, 'trace')).toBe(false);
  expect(formats(chatty, 'debug')).toBe(true);

  const everything = createLogger({ level: 'trace' });
  skipUnloggedLines(everything);
  expect(formats(everything, 'trace')).toBe(true);
});

test('a logger whose level it cannot read is left as it is', () => {
  for (const level of [42, 'silly', 'constructor', '__proto__']) {
    const odd = { level, trace: () => {}, debug: () => {} };
    const { trace, debug } = odd;
    skipUnloggedLines(odd);
    expect([odd.trace, odd.debug]).toEqual([trace, debug]);
  }
});
