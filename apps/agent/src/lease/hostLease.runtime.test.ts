import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import type { IAgentRuntime } from '@elizaos/core';
import { freshDatabase } from '@the-house/lab/testing/freshDatabase.ts';
import { MatchStore, StoreError } from '@the-house/plugin-house/matchStore.ts';
import { fencedRowWriter } from './fencedRowWriter.ts';
import { HostLease } from './hostLease.ts';
import { keepLease } from './keepLease.ts';
import { standBy } from './standBy.ts';
import { storedMatch } from '@the-house/plugin-house/testing/storedMatch.ts';

const url = process.env.HOUSE_TEST_POSTGRES_URL;
if (!url) console.warn('SKIPPED the lease tests: HOUSE_TEST_POSTGRES_URL is not set (.ci/run starts a server from Debian packages and sets it)');

const AGENT = '00000000-0000-4000-8000-0000000000aa';

/** plugin-sql's cache table as its migration makes it (key, agent, jsonb value), without the agents table it refers to. */
const CACHE_TABLE = `CREATE TABLE cache (
  key text NOT NULL, agent_id uuid NOT NULL, value jsonb NOT NULL,
  created_at timestamptz DEFAULT now() NOT NULL, expires_at timestamptz,
  PRIMARY KEY (key, agent_id))`;


/** A lapsed heartbeat, without waiting a lease out: what a killed or paused holder leaves. */
const lapse = (sql: SQL) => sql`UPDATE house_lease SET expires_at = now() - interval '1 second'`;

describe.skipIf(!url)('the House lease on a real PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let sql: SQL;
  const runtime = {
    agentId: AGENT,
    getCache: async (key: string) => ((await sql`SELECT value FROM cache WHERE key = ${key} AND agent_id = ${AGENT}::uuid`) as Array<{ value: unknown }>)[0]?.value,
  } as unknown as IAgentRuntime;
  const store = (lease: HostLease, refused: string[]) => new MatchStore(runtime, { attempts: 3, backoffMs: 1, storedIds: async () => [], setRow: (key, value) => fencedRowWriter(lease, (why) => refused.push(why))(runtime, key, value) });

  beforeAll(async () => {
    db = await freshDatabase(url!, 'house_lease_test');
    sql = new SQL(db.url, { max: 4 });
    await sql.unsafe(CACHE_TABLE);
  });
  afterAll(async () => {
    await sql?.close();
    await db?.drop();
  });

  test('one host takes the lease; a second is refused while its heartbeat is live, and takes it with the next epoch once it lapses', async () => {
    const a = new HostLease(sql, 'host a', 5000, 'take');
    const b = new HostLease(sql, 'host b', 5000, 'take');
    await Promise.all([a.prepare(), b.prepare()]);
    expect(await a.take()).toBe(1);
    expect(await b.take()).toBeNull();
    expect(await b.current()).toMatchObject({ holder: 'host a', epoch: 1, live: true });
    expect(await a.renew()).toBe(true);
    await sql`UPDATE house_lease SET expires_at = now() - interval '1 second' WHERE name = 'take'`;
    expect(await b.take()).toBe(2);
    expect(await a.renew()).toBe(false);
    expect(await b.current()).toMatchObject({ holder: 'host b', epoch: 2, live: true });
    await b.release();
    expect((await a.current())?.live).toBe(false);
    expect(await a.take()).toBe(3);
    // A take whose answer came too late left the row this host's: its next take takes it again, with the next epoch.
    expect(await a.take()).toBe(4);
    expect(await b.take()).toBeNull();
  });

  test("the old holder's save is refused once the new one holds the lease, and the row stays the new holder's", async () => {
    const a = new HostLease(sql, 'host a', 5000);
    const b = new HostLease(sql, 'host b', 5000);
    await a.prepare();
    expect(await a.take()).toBe(1);
    const refusedA: string[] = [];
    const storeA = store(a, refusedA);
    await storeA.save(storedMatch(1, { postedRound: 1 }));
    expect((await storeA.load('m1')).match?.postedRound).toBe(1);

    await lapse(sql);
    expect(await b.take()).toBe(2);
    const storeB = store(b, []);
    expect((await storeB.load('m1')).match?.postedRound).toBe(1);
    await storeB.save(storedMatch(2, { postedRound: 2 }));

    const late = storeA.save(storedMatch(7, { postedRound: 7 }));
    await expect(late).rejects.toBeInstanceOf(StoreError);
    await expect(late).rejects.toThrow("this host no longer holds the House's lease (epoch 1)");
    // Refused at once, not retried: one refusal for the one row it tried.
    expect(refusedA).toHaveLength(1);
    const stored = await new MatchStore(runtime, { storedIds: async () => [] }).load('m1');
    expect(stored.ok).toBe(true);
    expect(stored.match?.postedRound).toBe(2);
  });

  test('a standby takes the lease once the heartbeat stops, and the old heartbeat then finds it lost', async () => {
    const a = new HostLease(sql, 'host a', 1000, 'watch');
    const b = new HostLease(sql, 'host b', 1000, 'watch');
    await a.prepare();
    expect(await a.take()).toBe(1);
    const lost = new Promise<string>((resolve) => keepLease(a, 250, resolve));
    const lines: string[] = [];
    const taking = standBy(b, 50, (line) => lines.push(line));
    // The active host's heartbeat holds the lease: the standby says once who holds it and waits.
    while (!lines.length) await Bun.sleep(20);
    expect(lines).toEqual(['standing by: host a is the active host (lease epoch 1); this host takes over when its lease lapses']);
    await sql`UPDATE house_lease SET expires_at = now() - interval '1 second' WHERE name = 'watch'`;
    expect(await taking).toBe(2);
    expect(await lost).toBe('another host took the lease');
  });
});
