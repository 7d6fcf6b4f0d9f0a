import type { IAgentRuntime } from '@elizaos/core';

/** The part of a database client plugin-sql's drizzle holds (`db.$client`: a PGlite, PGLite's thread, or a node-postgres pool) the House uses. */
export interface RawClient {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/** The database a runtime's plugin-sql adapter reads and writes, as a raw client; none for a runtime without one (a test's stand-in). */
export function rawClientOf(runtime: IAgentRuntime): RawClient | null {
  const client = (runtime as { db?: { $client?: Partial<RawClient> } | null }).db?.$client;
  return client && typeof client.query === 'function' ? (client as RawClient) : null;
}
