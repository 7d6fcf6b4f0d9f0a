/** One parameterised statement for plugin-sql's tables: its text and its values, in order. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** A row of plugin-sql's `memories` table as `createMemory` writes it for a memory with no embedding (so `unique`). */
export interface MemoryRow {
  id: string;
  type: string;
  content: unknown;
  metadata: unknown;
  entityId: string;
  roomId: string;
  worldId: string | null;
  agentId: string;
  createdAt: number;
}

/** A row of plugin-sql's `cache` table: what `setCache(key, value)` upserts for an agent. */
export interface CacheRow {
  key: string;
  agentId: string;
  value: unknown;
}

/** A row of plugin-sql's `logs` table: what its adapter's `log(params)` inserts. */
export interface LogRow {
  entityId: string;
  roomId: string;
  type: string;
  body: unknown;
}

/** Rows a statement holds at most: PostgreSQL binds at most 65,535 values, and a memory row takes 9. */
export const ROWS_PER_STATEMENT = 500;

/**
 * Values that reach a jsonb column as text: PostgreSQL's jsonb refuses the
 * NUL character, which plugin-sql strips from strings and keys before it
 * writes a log row; so is it here, for every row (a cycle becomes null, as
 * there). Everything else is JSON.stringify's, as drizzle's. Most rows hold
 * no NUL and no cycle: their JSON is taken as it is.
 */
export function jsonText(value: unknown): string {
  try {
    const text = JSON.stringify(value ?? null);
    if (!text.includes('\\u0000')) return text;
  } catch {
    // A cycle: cleaned below, where it becomes null.
  }
  const seen = new WeakSet<object>();
  const clean = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replaceAll('\u0000', '');
    if (!v || typeof v !== 'object') return v;
    if (seen.has(v)) return null;
    seen.add(v);
    if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return clean((v as { toJSON(): unknown }).toJSON());
    if (Array.isArray(v)) return v.map(clean);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) Object.defineProperty(out, key.replaceAll('\u0000', ''), { value: clean(item), enumerable: true, writable: true, configurable: true });
    return out;
  };
  return JSON.stringify(clean(value) ?? null);
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/** `($1, $2, ...)` groups, one a row, each value cast as `casts` says (text first, so PGLite and node-postgres alike send text); numbered from `first`. */
function valuesList(rows: number, casts: readonly string[], first = 1): string {
  const groups: string[] = [];
  for (let r = 0; r < rows; r++) groups.push(`(${casts.map((cast, c) => `$${first + r * casts.length + c}::text${cast}`).join(', ')})`);
  return groups.join(', ');
}

/**
 * Memories in one INSERT a chunk, as plugin-sql's `createMemory` writes each
 * one (its insert does nothing on an id it holds), so a batch written twice,
 * or a row that was written alone before, is kept once.
 */
export function memoryInserts(rows: readonly MemoryRow[]): Statement[] {
  return chunks(rows).map((chunk) => memoryInsert(chunk));
}

function memoryInsert(chunk: readonly MemoryRow[], first = 1): Statement {
  const casts = ['::uuid', '', '::jsonb', '::jsonb', '::uuid', '::uuid', '::uuid', '::uuid', '::timestamp'];
  return {
    text: `INSERT INTO memories (id, type, content, metadata, entity_id, room_id, world_id, agent_id, created_at) VALUES ${valuesList(chunk.length, casts, first)} ON CONFLICT DO NOTHING`,
    values: chunk.flatMap((m) => [m.id, m.type, jsonText(m.content ?? {}), jsonText(m.metadata ?? {}), m.entityId, m.roomId, m.worldId, m.agentId, new Date(m.createdAt).toISOString()]),
  };
}

/**
 * Cache rows in one upsert a chunk, as `setCache` writes each. A key set twice
 * in a batch keeps its last value (one statement may not update a row twice).
 */
export function cacheUpserts(rows: readonly CacheRow[]): Statement[] {
  return chunks(lastOfEachKey(rows)).map((chunk) => cacheUpsert(chunk));
}

function lastOfEachKey(rows: readonly CacheRow[]): CacheRow[] {
  const last = new Map<string, CacheRow>();
  for (const row of rows) {
    const id = `${row.agentId}\n${row.key}`;
    last.delete(id);
    last.set(id, row);
  }
  return [...last.values()];
}

function cacheUpsert(chunk: readonly CacheRow[], first = 1): Statement {
  return {
    text: `INSERT INTO cache (key, agent_id, value) VALUES ${valuesList(chunk.length, ['', '::uuid', '::jsonb'], first)} ON CONFLICT (key, agent_id) DO UPDATE SET value = EXCLUDED.value`,
    values: chunk.flatMap((c) => [c.key, c.agentId, jsonText(c.value)]),
  };
}

/** Log rows in one INSERT a chunk. */
export function logInserts(rows: readonly LogRow[]): Statement[] {
  return chunks(rows).map((chunk) => logInsert(chunk));
}

function logInsert(chunk: readonly LogRow[], first = 1): Statement {
  return {
    text: `INSERT INTO logs (body, entity_id, room_id, type) VALUES ${valuesList(chunk.length, ['::jsonb', '::uuid', '::uuid', ''], first)}`,
    values: chunk.flatMap((l) => [jsonText(l.body), l.entityId, l.roomId, l.type]),
  };
}

/**
 * A batch's memories, cache rows and log rows as one statement: the inserts
 * but the last run as data-modifying WITH queries, all in one round trip
 * (on PGLite a statement with values costs six calls into its WASM and about
 * 1 ms of the House's CPU before its rows: `bench store-queries`). PostgreSQL
 * runs them on one snapshot, all or none. Null when fewer than two kinds have
 * rows or one needs more than a chunk: the caller writes a statement a kind.
 */
export function batchStatement(memories: readonly MemoryRow[], caches: readonly CacheRow[], logs: readonly LogRow[]): Statement | null {
  const notes = lastOfEachKey(caches);
  const kinds = [memories, notes, logs].filter((rows) => rows.length > 0);
  if (kinds.length < 2 || kinds.some((rows) => rows.length > ROWS_PER_STATEMENT)) return null;
  const parts: Statement[] = [];
  let first = 1;
  const add = (part: Statement) => {
    parts.push(part);
    first += part.values.length;
  };
  if (memories.length) add(memoryInsert(memories, first));
  if (notes.length) add(cacheUpsert(notes, first));
  if (logs.length) add(logInsert(logs, first));
  const last = parts.pop()!;
  return {
    text: `WITH ${parts.map((part, i) => `w${i} AS (${part.text})`).join(', ')} ${last.text}`,
    values: [...parts.flatMap((part) => part.values), ...last.values],
  };
}
