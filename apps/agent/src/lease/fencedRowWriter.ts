import { FencedOut, type RowWriter } from '@the-house/plugin-house';
import type { HostLease } from './hostLease.ts';

/**
 * A match row written into plugin-sql's cache table (the row setCache would
 * write: key, agent, the value as jsonb) in one statement that first locks
 * the lease row at this host's epoch (FOR SHARE). Once another host has taken
 * the lease, the row no longer has that epoch and nothing is written; a take
 * racing the write waits for it, so every row that lands was written under
 * the lease. A refused write calls `refused` (the host stops) and throws
 * FencedOut, which the store never retries.
 */
export function fencedRowWriter(lease: HostLease, refused: (why: string) => void): RowWriter {
  return async (runtime, key, value) => {
    const epoch = lease.epoch;
    const why = `this host no longer holds the House's lease (epoch ${epoch ?? 'none'}): another host took it over`;
    if (epoch !== null) {
      const rows = (await lease.sql`
        WITH lease AS (SELECT 1 FROM house_lease WHERE name = ${lease.name} AND holder = ${lease.holder} AND epoch = ${epoch} FOR SHARE)
        INSERT INTO cache (key, agent_id, value) SELECT ${key}, ${runtime.agentId}::uuid, (${JSON.stringify(value)}::text)::jsonb FROM lease
        ON CONFLICT (key, agent_id) DO UPDATE SET value = EXCLUDED.value
        RETURNING 1 AS written`) as unknown[];
      if (rows.length === 1) return true;
    }
    refused(why);
    throw new FencedOut(why);
  };
}
