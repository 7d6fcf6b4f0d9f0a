import type { IAgentRuntime } from '@elizaos/core';
import { rawClientOf } from './rawClient.ts';
import { cacheUpserts } from './table/batchStatements.ts';

/** Writes one match row for a runtime; true when the database took it. */
export type RowWriter = (runtime: IAgentRuntime, key: string, value: unknown) => Promise<boolean>;

/** A write refused because this host no longer holds the House's lease: it is never tried again. */
export class FencedOut extends Error {}

let writer: RowWriter | null = null;

/**
 * A host that shares its database with a standby hands the House a writer
 * that takes a match row only while this host's lease epoch is the current
 * one (and throws FencedOut otherwise), before the agents start. Without
 * one, rows go to plugin-sql's cache as they always did.
 */
export function useRowWriter(write: RowWriter | null): void {
  writer = write;
}

/**
 * How a runtime's match rows are written now. Without a host's writer, a row
 * goes as the upsert plugin-sql's `setCache` makes, on its database's own
 * client: drizzle building the same statement cost a third of its time (a
 * 47 kB head, Trust's at round 25 of 8 players, on PGLite: 2.1 ms through
 * `setCache`, 1.3 ms as it is), and a refusal comes back as the database's
 * error, not as false.
 */
export function rowWriterFor(runtime: IAgentRuntime): (key: string, value: unknown) => Promise<boolean> {
  const write = writer;
  if (write) return (key, value) => write(runtime, key, value);
  return async (key, value) => {
    // Looked up at each write, not when the store is made: the runtime's database may be opened after its services.
    const client = rawClientOf(runtime);
    if (!client) return runtime.setCache(key, value);
    const [statement] = cacheUpserts([{ key, agentId: runtime.agentId, value }]);
    await client.query(statement!.text, statement!.values);
    return true;
  };
}

let rowsMayGo: () => boolean | Promise<boolean> = () => true;

/**
 * The same host hands the House a gate for the players' rows (their memories,
 * notes and ElizaOS's model-call rows, written in batches): it answers true
 * while a renew of the lease was taken less than a lease ago, waits for the
 * next renew otherwise (a host woken from a pause past its lease), and false
 * once the lease is lost. A host that lost it writes none of them; the host
 * that took over plays the phase again and writes them (the same ids).
 */
export function useRowsGate(mayWrite: (() => boolean | Promise<boolean>) | null): void {
  rowsMayGo = mayWrite ?? (() => true);
}

/** Whether this host may write the players' rows now (waiting, if it cannot tell yet, for its lease's next renew). */
export function playerRowsMayGo(): boolean | Promise<boolean> {
  return rowsMayGo();
}
