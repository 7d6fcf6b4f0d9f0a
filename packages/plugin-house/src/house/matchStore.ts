import type { IAgentRuntime } from '@elizaos/core';
import type { StoredMatch } from './types.ts';

const INDEX_KEY = 'house:matches';
const matchKey = (id: string) => `house:match:${id}`;

/**
 * Matches in the House runtime's cache table (plugin-sql: PGLite or
 * PostgreSQL). Each save writes the whole match (state, log, history) as one
 * row, so a crash leaves either the previous phase or the new one, never half.
 * The row wraps JSON text (`{json}`), not the value itself: jsonb reorders object
 * keys, and the log's hash chain covers the exact key order of each entry (a bare
 * string would come back parsed).
 */
export class MatchStore {
  constructor(private readonly runtime: IAgentRuntime) {}

  async ids(): Promise<string[]> {
    return (await this.runtime.getCache<string[]>(INDEX_KEY)) ?? [];
  }

  async load(id: string): Promise<StoredMatch | null> {
    const row = await this.runtime.getCache<{ json?: unknown }>(matchKey(id));
    return row && typeof row.json === 'string' ? (JSON.parse(row.json) as StoredMatch) : null;
  }

  async all(): Promise<StoredMatch[]> {
    const found = await Promise.all((await this.ids()).map((id) => this.load(id)));
    return found.filter((m): m is StoredMatch => m !== null);
  }

  async save(match: StoredMatch): Promise<void> {
    await this.runtime.setCache(matchKey(match.id), { json: JSON.stringify({ ...match, updatedAt: Date.now() }) });
    const ids = await this.ids();
    if (!ids.includes(match.id)) await this.runtime.setCache(INDEX_KEY, [...ids, match.id]);
  }
}
