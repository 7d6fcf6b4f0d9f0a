import { afterAll, beforeAll, describe, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase } from '@the-house/lab/testing/freshDatabase.ts';
import { fortyMatchesLoseNoPost, ownersAndAdmins, rebuiltFromFile, sixTablesAtOnce } from './kit/arenaScenarios.ts';
import { ensureVectorType } from './kit/pgVectorStandIn.ts';
import { startTestHost, type TestHost } from './kit/testHost.ts';

const url = process.env.HOUSE_TEST_POSTGRES_URL;
if (!url) console.warn('SKIPPED the arena tests on PostgreSQL: HOUSE_TEST_POSTGRES_URL is not set (.ci/run starts a server from Debian packages and sets it)');

describe.skipIf(!url)('the House as a shared arena (PostgreSQL)', () => {
  const adminId = crypto.randomUUID();
  const matchDir = mkdtempSync(join(tmpdir(), 'house-arena-pg-'));
  let host: TestHost;
  let db: Awaited<ReturnType<typeof freshDatabase>> | null = null;

  // A database of its own: matches an earlier run left open would take this run's tables.
  beforeAll(async () => {
    db = await freshDatabase(url!, 'house_arena_test');
    const vector = await ensureVectorType(db.url);
    if (typeof vector !== 'string') throw new Error(`the test database has no usable vector type: ${vector.error}`);
    host = await startTestHost({ postgresUrl: db.url, env: { HOUSE_ROUND_DELAY_MS: '0', HOUSE_ADMINS: adminId, HOUSE_MATCH_DIR: matchDir, HOUSE_MAX_TABLES: '8', HOUSE_MAX_MATCH_HOURS: '1000' } });
  }, 120_000);

  afterAll(async () => {
    await host?.stop();
    await db?.drop();
    rmSync(matchDir, { recursive: true, force: true });
  }, 30_000);

  test('six matches from six rooms by three people run at once, each with the log of headless play', () => sixTablesAtOnce(host), 300_000);
  test("a non-owner's !stop is refused; the owner's and an admin's work", () => ownersAndAdmins(host, adminId), 120_000);
  test('a deleted chunk row is reported, and the match comes back whole from its file', () => rebuiltFromFile(host), 180_000);
  test('forty matches with no round delay lose no room post', () => fortyMatchesLoseNoPost(host), 600_000);
});
