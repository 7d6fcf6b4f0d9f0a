import { expect, test } from 'bun:test';
import { houseLogs, splitLogLevel } from './logLevels.ts';

test('a person at info reads the House and the host; the framework speaks from warn; debug opens both', () => {
  const atInfo: NodeJS.ProcessEnv = {};
  expect(splitLogLevel(atInfo)).toEqual({ house: 'info', framework: 'warn' });
  expect(atInfo).toMatchObject({ HOUSE_LOG_LEVEL: 'info', LOG_LEVEL: 'warn' });
  expect(houseLogs(atInfo, 'info')).toBe(true);

  expect(splitLogLevel({ LOG_LEVEL: 'DEBUG' })).toEqual({ house: 'debug', framework: 'debug' });
  const quiet: NodeJS.ProcessEnv = { LOG_LEVEL: 'error' };
  expect(splitLogLevel(quiet)).toEqual({ house: 'error', framework: 'error' });
  expect(houseLogs(quiet, 'info')).toBe(false);
  expect(houseLogs(quiet, 'error')).toBe(true);
  // A level nobody knows is the default, and splitting twice changes nothing.
  const odd: NodeJS.ProcessEnv = { LOG_LEVEL: 'loud' };
  splitLogLevel(odd);
  expect(splitLogLevel(odd)).toEqual({ house: 'info', framework: 'warn' });
});
