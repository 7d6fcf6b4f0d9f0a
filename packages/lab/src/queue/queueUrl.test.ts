import { describe, expect, test } from 'bun:test';
import { queueUrl, redactIn, redactUrl, takeQueueFlags } from './queueUrl.ts';

describe('the queue URL', () => {
  test('comes from --queue, then HOUSE_QUEUE_URL, then POSTGRES_URL', () => {
    const env = { HOUSE_QUEUE_URL: 'postgres://q@h/a', POSTGRES_URL: 'postgresql://p@h/b' };
    expect(queueUrl('postgresql://f@h/c', env)).toBe('postgresql://f@h/c');
    expect(queueUrl(undefined, env)).toBe('postgres://q@h/a');
    expect(queueUrl(undefined, { POSTGRES_URL: env.POSTGRES_URL })).toBe('postgresql://p@h/b');
  });

  test('a missing, malformed or foreign URL is one line saying where to put one, its password hidden', () => {
    expect(() => queueUrl(undefined, {})).toThrow('no queue database: give --queue postgresql://user:password@host:5432/db, HOUSE_QUEUE_URL or POSTGRES_URL');
    expect(() => queueUrl('not a url', {})).toThrow('the queue URL <not a URL> is not a URL');
    expect(() => queueUrl('mysql://u:secret@h/db', {})).toThrow('the queue URL mysql://u:***@h/db is not a postgres:// or postgresql:// URL');
  });

  test('passwords never reach a log line', () => {
    const url = 'postgresql://house:s3cr%40t@db.example:5432/lab';
    expect(redactUrl(url)).toBe('postgresql://house:***@db.example:5432/lab');
    expect(redactIn(`connect to ${url} failed: password "s3cr@t" refused`, url)).toBe('connect to postgresql://house:***@db.example:5432/lab failed: password "***" refused');
  });
});

describe('takeQueueFlags', () => {
  test('takes --queue with or without a URL, --queue=URL and --no-wait, leaving the rest in order', () => {
    expect(takeQueueFlags(['trust', '--queue', '--seeds', '3'])).toEqual({ rest: ['trust', '--seeds', '3'], queue: undefined, wait: true });
    expect(takeQueueFlags(['trust', '--queue', 'postgres://h/db', '--no-wait'])).toEqual({ rest: ['trust'], queue: 'postgres://h/db', wait: false });
    expect(takeQueueFlags(['--queue=postgres://h/db', 'trust'])).toEqual({ rest: ['trust'], queue: 'postgres://h/db', wait: true });
    expect(takeQueueFlags(['trust', '--seeds', '3'])).toEqual({ rest: ['trust', '--seeds', '3'], queue: null, wait: true });
  });

  test('--no-wait without --queue is refused', () => {
    expect(() => takeQueueFlags(['trust', '--no-wait'])).toThrow('--no-wait needs --queue');
  });
});
