import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase } from '../testing/freshDatabase.ts';
import { spawnWorker, type WorkerProcess } from '../testing/queueHarness.ts';
import { quietly } from '../testing/quietly.ts';
import { axelrodTournament } from './axelrodTournament.ts';
import { runPreset } from './reproduceCommand.ts';

const server = process.env.HOUSE_TEST_POSTGRES_URL;
if (!server) console.warn('SKIPPED the reproduce queue test: HOUSE_TEST_POSTGRES_URL is not set (.ci/run starts a PostgreSQL from Debian packages and sets it)');

const dir = mkdtempSync(join(tmpdir(), 'house-reproduce-queue-'));
let db: { url: string; drop(): Promise<void> } | null = null;
let worker: WorkerProcess | null = null;

describe.skipIf(!server)('reproduce on the PostgreSQL queue', () => {
  beforeAll(async () => {
    db = await freshDatabase(server!, 'house_reproduce_test');
    worker = spawnWorker(db.url, ['--concurrency', '1', '--grace', '30']);
    await worker.ready;
  });

  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  test('axelrod-tournament --queue: a worker process plays the matches and the preset writes what the local run writes, results.csv and report.md byte for byte', async () => {
    const config = { ...axelrodTournament.config(2), strategies: ['tit-for-tat', 'always-defect', 'joss', 'grudger'] };
    const queued = join(dir, 'queued');
    const local = join(dir, 'local');
    const onQueue = await quietly(() => runPreset(axelrodTournament, config, 2, queued, ['axelrod-tournament', '--queue'], db!.url));
    const here = await quietly(() => runPreset(axelrodTournament, config, 2, local, ['axelrod-tournament']));
    expect(onQueue).toBe(here);
    for (const file of ['results.csv', 'report.md']) expect(readFileSync(join(queued, file), 'utf8')).toBe(readFileSync(join(local, file), 'utf8'));
    expect(await worker!.stop()).toMatch(/worker stopped: 40 runs played, 0 failed/);
    worker = null;
  }, 120_000);
});
