import { describe, expect, test } from 'bun:test';
import { runHouseCli } from '../cli/runHouseCli.ts';

describe('queue commands, refused before anything connects', () => {
  test('each mistake is one line on stderr, exit 2, saying what to do', () => {
    const cases: Array<[string[], string]> = [
      [['worker', '--queue', 'postgresql://h/db', '--games', 'chess'], "error: unknown game 'chess' in --games (games: "],
      [['worker', '--queue', 'postgresql://h/db', '--provider-share', '2'], "error: --provider-share must be a number above 0 and at most 1, got '2'"],
      [['worker', '--queue', 'postgresql://h/db', '--concurrency', '0'], "error: --concurrency must be a whole number >= 1, got '0'"],
      [['worker', '--queue', 'mysql://u:pw@h/db'], 'error: the queue URL mysql://u:***@h/db is not a postgres:// or postgresql:// URL'],
      [['sweep', 'trust', '--seeds', '2', '--no-wait'], 'error: --no-wait needs --queue'],
      [['sweep-status', 'a b', '--queue', 'postgresql://h/db'], "error: 'a b' is not a sweep name"],
    ];
    for (const [args, message] of cases) {
      const run = runHouseCli(...args);
      expect(run.code).toBe(2);
      expect(run.stderr.split('\n')[0]).toStartWith(message);
      expect(run.stderr).not.toContain('    at ');
    }
  }, 60_000);

  test('no queue URL anywhere says where to put one', () => {
    const run = Bun.spawnSync([process.execPath, `${import.meta.dir}/../cli/main.ts`, 'sweep-status'], { env: { ...process.env, HOUSE_QUEUE_URL: '', POSTGRES_URL: '' }, stderr: 'pipe' });
    expect(run.exitCode).toBe(2);
    expect(run.stderr.toString().trim()).toBe('error: no queue database: give --queue postgresql://user:password@host:5432/db, HOUSE_QUEUE_URL or POSTGRES_URL');
  }, 30_000);
});
