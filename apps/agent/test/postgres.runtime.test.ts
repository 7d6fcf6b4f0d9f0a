import { afterAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import type { IAgentRuntime } from '@elizaos/core';
import { MatchStore } from '@the-house/plugin-house/matchStore.ts';
import type { StoredMatch } from '@the-house/plugin-house/types.ts';
import { ensureVectorType } from './kit/pgVectorStandIn.ts';
import { startTestHost, waitForEnd, type TestHost } from './kit/testHost.ts';

const url = process.env.HOUSE_TEST_POSTGRES_URL;
if (!url) console.warn('SKIPPED the PostgreSQL end-to-end test: HOUSE_TEST_POSTGRES_URL is not set (.ci/run starts a server from Debian packages and sets it)');

/** The saved match as plugin-sql wrote it into PostgreSQL's cache table (head and chunk rows), read with a client of our own. */
async function storedRow(id: string): Promise<StoredMatch | null> {
  const sql = new SQL(url!);
  try {
    const getCache = async (key: string) => {
      const rows = (await sql`SELECT value FROM cache WHERE key = ${key}`) as Array<{ value: unknown }>;
      const value = rows[0]?.value;
      return typeof value === 'string' ? JSON.parse(value) : value;
    };
    const loaded = await new MatchStore({ getCache } as unknown as IAgentRuntime).load(id);
    return loaded.match;
  } finally {
    await sql.close();
  }
}

describe.skipIf(!url)('the host on a real PostgreSQL', () => {
  let host: TestHost | null = null;
  afterAll(async () => {
    await host?.stop();
  }, 30_000);

  test('plays a Trust match to its end, saves it in PostgreSQL, and a restarted host finds it there', async () => {
    const vector = await ensureVectorType(url!);
    if (typeof vector !== 'string') throw new Error(`the test database has no usable vector type: ${vector.error}`);
    host = await startTestHost({ postgresUrl: url, players: ['Ada', 'Bram'], env: { HOUSE_ROUND_DELAY_MS: '0' } });
    const opened = await host.service.open('trust', ['Ada', 'Bram'], 5);
    if (!opened.ok) throw new Error(opened.error);
    await waitForEnd(host.service, opened.id, 120_000);
    const played = (await host.service.getMatch(opened.id))!;
    expect(played.summary.status).toBe('finished');

    const row = await storedRow(opened.id);
    expect(row?.status).toBe('finished');
    expect(row?.history).toHaveLength(played.history.length);
    expect(row?.log.at(-1)?.hash).toBe(played.events.at(-1)!.hash);
    expect(verifyChain(row!.log)).toEqual({ ok: true });

    await host.stop();
    host = await startTestHost({ postgresUrl: url, players: ['Ada', 'Bram'], env: { HOUSE_ROUND_DELAY_MS: '0' } });
    let again = await host.service.getMatch(opened.id);
    for (let i = 0; i < 50 && !again; i++) {
      await Bun.sleep(100);
      again = await host.service.getMatch(opened.id);
    }
    expect(again?.summary).toEqual(played.summary);
    expect(again?.events.length).toBe(played.events.length);
  }, 180_000);
});
