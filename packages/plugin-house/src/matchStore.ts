import type { IAgentRuntime } from '@elizaos/core';
import type { StoredMatch } from './types.ts';

const INDEX_KEY = 'house:matches';
const headKey = (id: string) => `house:match:${id}`;
const chunkKey = (id: string, list: ListName, n: number) => `house:match:${id}:${list}:${n}`;

/** The lists of a match that only grow; they are saved in chunks so a save costs one phase, not the whole match. */
const LISTS = ['log', 'history', 'calls', 'phases'] as const;
type ListName = (typeof LISTS)[number];

/** Entries per chunk row: a save rewrites at most the last, partly filled, chunk of each list. */
export const CHUNK = 64;

/** Per list: a count of full chunks. */
type Lengths = Record<ListName, number>;

function lists(match: StoredMatch): Record<ListName, unknown[]> {
  return { log: match.log, history: match.history, calls: match.record.calls, phases: match.record.phases };
}

/**
 * Matches in the House runtime's cache table (plugin-sql: PGLite or
 * PostgreSQL). A match is a head row (state, seats, options, and for each
 * growing list (the hash-chained log, the round history, the model calls, the
 * phase traces) its length and its last, partly filled chunk) plus one row per
 * full chunk of 64 entries. A save writes the chunks filled since the last
 * save, then the head: usually one write per phase, and never the whole
 * match. A crash in between leaves the previous head, which reads only the
 * chunks it knew and its own tails, so a reader sees the previous phase or
 * the new one, never half. Rows wrap JSON text (`{json}`), not values: jsonb
 * reorders object keys, and the log's hash chain covers their exact order.
 */
export class MatchStore {
  /** How many full chunks of each list are stored, per match. */
  private readonly written = new Map<string, Lengths>();

  constructor(private readonly runtime: IAgentRuntime) {}

  async ids(): Promise<string[]> {
    return (await this.runtime.getCache<string[]>(INDEX_KEY)) ?? [];
  }

  private async text<T>(key: string): Promise<T | null> {
    const row = await this.runtime.getCache<{ json?: unknown }>(key);
    return row && typeof row.json === 'string' ? (JSON.parse(row.json) as T) : null;
  }

  private put(key: string, value: unknown): Promise<boolean> {
    return this.runtime.setCache(key, { json: JSON.stringify(value) });
  }

  async load(id: string): Promise<StoredMatch | null> {
    const head = await this.text<StoredMatch & { full?: Lengths; tails?: Record<ListName, unknown[]> }>(headKey(id));
    if (!head) return null;
    const { full, tails, ...match } = head;
    if (!full || !tails) return match as StoredMatch;
    const read = async (list: ListName): Promise<unknown[]> => {
      const chunks = await Promise.all(Array.from({ length: full[list] }, (_, n) => this.text<unknown[]>(chunkKey(id, list, n))));
      return [...chunks.flatMap((c) => c ?? []), ...tails[list]];
    };
    const [log, history, calls, phases] = await Promise.all(LISTS.map(read));
    this.written.set(id, { ...full });
    const stored = match as StoredMatch;
    return { ...stored, log: log as StoredMatch['log'], history: history as StoredMatch['history'], record: { ...stored.record, calls: calls as StoredMatch['record']['calls'], phases: phases as StoredMatch['record']['phases'] } };
  }

  async all(): Promise<StoredMatch[]> {
    const found = await Promise.all((await this.ids()).map((id) => this.load(id)));
    return found.filter((m): m is StoredMatch => m !== null);
  }

  async save(match: StoredMatch): Promise<void> {
    const done = this.written.get(match.id) ?? { log: 0, history: 0, calls: 0, phases: 0 };
    const now = lists(match);
    const full = {} as Lengths;
    const tails = {} as Record<ListName, unknown[]>;
    const writes: Array<Promise<boolean>> = [];
    for (const list of LISTS) {
      const items = now[list];
      // The last phase trace may still change after a save; a chunk is sealed only once an entry follows it.
      full[list] = Math.floor(Math.max(0, items.length - 1) / CHUNK);
      for (let n = Math.min(done[list], full[list]); n < full[list]; n++) writes.push(this.put(chunkKey(match.id, list, n), items.slice(n * CHUNK, (n + 1) * CHUNK)));
      tails[list] = items.slice(full[list] * CHUNK);
    }
    await Promise.all(writes);
    const { log: _log, history: _history, record, ...rest } = match;
    await this.put(headKey(match.id), { ...rest, record: { ...record, calls: [], phases: [] }, log: [], history: [], full, tails, updatedAt: Date.now() });
    this.written.set(match.id, full);
    const ids = await this.ids();
    if (!ids.includes(match.id)) await this.runtime.setCache(INDEX_KEY, [...ids, match.id]);
  }
}
