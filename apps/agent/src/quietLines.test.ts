import { expect, test } from 'bun:test';
import { quietLines } from './quietLines.ts';

test('only the named lines are dropped, and only until restored', () => {
  const seen: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void seen.push(args);
  try {
    const restore = quietLines([/^Invalid Sentry Dsn: disabled$/]);
    console.error('Invalid Sentry Dsn: disabled');
    console.error('Invalid Sentry Dsn: https://x');
    restore();
    console.error('Invalid Sentry Dsn: disabled');
  } finally {
    console.error = original;
  }
  expect(seen).toEqual([['Invalid Sentry Dsn: https://x'], ['Invalid Sentry Dsn: disabled']]);
});
