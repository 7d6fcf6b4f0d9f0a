import type { IAgentRuntime } from '@elizaos/core';
import { idProblem } from '@the-house/games/engine/safeKey.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A head row's key (`house:match:<id>`); chunk and summary rows have more parts after the id. */
const HEAD_KEY = /^house:match:([^:]+)$/;

/** The part of plugin-sql's drizzle database this reads: a raw query. */
interface RawDatabase {
  execute(query: string): Promise<unknown>;
}

/**
 * The ids of every match whose head row is in the House runtime's cache
 * table, read from the table itself: what the match index is checked against
 * and rebuilt from. ElizaOS's cache API reads one key at a time and lists
 * none, so this asks plugin-sql's database (PGLite or PostgreSQL, one query,
 * keys only). The query holds no outside text: the agent id is checked to be
 * a UUID and the rest is fixed. Null when this database cannot be asked (a
 * runtime without plugin-sql) or refuses.
 */
export async function storedHeadIds(runtime: IAgentRuntime): Promise<string[] | null> {
  const db = (runtime as { db?: unknown }).db as Partial<RawDatabase> | null | undefined;
  const agentId = String(runtime.agentId ?? '');
  if (!db || typeof db.execute !== 'function' || !UUID.test(agentId)) return null;
  let result: unknown;
  try {
    result = await db.execute(`SELECT key FROM cache WHERE agent_id = '${agentId}' AND key LIKE 'house:match:%' AND key NOT LIKE 'house:match:%:%'`);
  } catch {
    return null;
  }
  const rows = (result as { rows?: unknown } | null)?.rows ?? result;
  if (!Array.isArray(rows)) return null;
  return headIdsOf(rows.map((row) => (row as { key?: unknown } | null)?.key));
}

/** The match ids among cache keys: head rows only, and only ids the House could have made. */
export function headIdsOf(keys: readonly unknown[]): string[] {
  const ids: string[] = [];
  for (const key of keys) {
    const id = typeof key === 'string' ? HEAD_KEY.exec(key)?.[1] : undefined;
    if (id && idProblem(id, 'a match id') === null) ids.push(id);
  }
  return ids;
}
