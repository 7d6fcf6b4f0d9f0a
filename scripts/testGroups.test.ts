import { expect, test } from 'bun:test';
import { failuresIn } from './testGroups.ts';

test('a failed test is named with the error bun printed above it; a process that names none gives its last lines', () => {
  const output = ['x.test.ts:', '(pass) fine [1ms]', 'error: expect(received).toBe(expected)', 'Expected: 2', 'Received: 1', '      at <anonymous> (x.test.ts:4:3)', '(fail) adds [2ms]', ' 1 pass', ' 1 fail'].join('\n');
  const [failure, ...rest] = failuresIn('apps/x.test.ts', output);
  expect(rest).toEqual([]);
  expect(failure!.split('\n')[0]).toBe('apps/x.test.ts: (fail) adds [2ms]');
  expect(failure).toContain('Received: 1');
  expect(failuresIn('apps/y.test.ts', 'Segmentation fault')).toEqual(['apps/y.test.ts: the process failed without naming a test; its last lines:\nSegmentation fault']);
});
