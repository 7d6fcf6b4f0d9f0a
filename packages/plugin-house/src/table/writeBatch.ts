import type { IAgentRuntime, Memory } from '@elizaos/core';
import { rawClientOf, type RawClient } from '../rawClient.ts';
import { playerRowsMayGo } from '../rowWriter.ts';
import { batchStatement, cacheUpserts, logInserts, memoryInserts, ROWS_PER_STATEMENT, type CacheRow, type LogRow, type MemoryRow, type Statement } from './batchStatements.ts';

/** A model call's row for ElizaOS's `logs` table, held back from a decision: its row, and how ElizaOS itself would write it. */
export interface HeldLogRow {
  runtime: IAgentRuntime;
  row: LogRow;
  write(): Promise<void>;
}

interface Held<R> {
  runtime: IAgentRuntime;
  row: R;
  /** Writes the row alone through ElizaOS's own API: what a batch that failed falls back to. */
  alone(): Promise<unknown>;
}

/** Held rows by the database their runtime writes to (null: a runtime with none, written through its API). */
function byClient<R>(held: ReadonlyArray<Held<R>>): Map<RawClient | null, Array<Held<R>>> {
  const groups = new Map<RawClient | null, Array<Held<R>>>();
  for (const h of held) {
    const client = rawClientOf(h.runtime);
    const group = groups.get(client) ?? [];
    group.push(h);
    groups.set(client, group);
  }
  return groups;
}

/**
 * The players' writes a table's backlog makes (issue 39): their memories of
 * the House's requests, rounds and their own answers, their notes' saves, and
 * ElizaOS's rows for their model calls. Each used to be a statement of its
 * own (about five a decision, 70% of the House's CPU for a model decision);
 * here they wait as rows and go as one statement a flush, every kind in it
 * (`batchStatement`), on the database the players' plugin-sql holds (PGLite
 * or PostgreSQL; every runtime of a host shares it). The rows are the ones
 * ElizaOS's own calls would write. A statement that fails is reported and
 * its rows go a kind at a time, then one at a time through ElizaOS's API, so
 * a bad row costs only itself, and each row that still fails is reported; a
 * runtime with no SQL database writes through its API. A private room is
 * made (`connect`) before its first memory.
 */
export class WriteBatch {
  private memories: Array<Held<MemoryRow>> = [];
  private caches: Array<Held<CacheRow>> = [];
  private logs: Array<Held<LogRow>> = [];
  private connects: Array<() => Promise<void>> = [];

  constructor(private readonly warn: (line: string) => void) {}

  get size(): number {
    return this.memories.length + this.caches.length + this.logs.length + this.connects.length;
  }

  /** A memory for the runtime's `messages`, as `createMemory(memory, 'messages')` writes it; `connect` (its room) runs first. */
  memory(runtime: IAgentRuntime, memory: Memory, connect?: () => Promise<void>): void {
    if (connect) this.connects.push(connect);
    const stored: Memory = { ...memory, id: memory.id ?? crypto.randomUUID(), agentId: memory.agentId ?? runtime.agentId, createdAt: memory.createdAt ?? Date.now() };
    const row: MemoryRow = {
      id: stored.id!,
      type: 'messages',
      content: stored.content,
      metadata: stored.metadata ?? {},
      entityId: stored.entityId,
      roomId: stored.roomId,
      worldId: stored.worldId ?? null,
      agentId: stored.agentId!,
      createdAt: stored.createdAt!,
    };
    this.memories.push({ runtime, row, alone: () => runtime.createMemory(stored, 'messages') });
  }

  /** A cache row, as `setCache(key, value)` upserts it. */
  cache(runtime: IAgentRuntime, key: string, value: unknown): void {
    this.caches.push({ runtime, row: { key, agentId: runtime.agentId, value }, alone: () => runtime.setCache(key, value) });
  }

  /** A model call's row for ElizaOS's logs. */
  log(held: HeldLogRow): void {
    this.logs.push({ runtime: held.runtime, row: held.row, alone: held.write });
  }

  /** Takes `other`'s rows after this batch's own, so one flush writes both as one statement; `other` is left empty. */
  absorb(other: WriteBatch): void {
    this.memories.push(...other.memories.splice(0));
    this.caches.push(...other.caches.splice(0));
    this.logs.push(...other.logs.splice(0));
    this.connects.push(...other.connects.splice(0));
  }

  /** Writes what is held, and holds nothing after; rows added meanwhile wait for the next flush. */
  async flush(): Promise<void> {
    const [memories, caches, logs, connects] = [this.memories, this.caches, this.logs, this.connects];
    this.memories = [];
    this.caches = [];
    this.logs = [];
    this.connects = [];
    const held = memories.length + caches.length + logs.length;
    if (!(await playerRowsMayGo())) {
      if (held) this.warn(`House: ${held} player rows not written: this host no longer holds the House's lease (the host that holds it plays the phase again and writes them)`);
      return;
    }
    for (const connect of connects) {
      try {
        await connect();
      } catch (error) {
        this.warn(`House: a player's private room could not be made: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const written = await this.writeTogether(memories, caches, logs);
    const left = <R>(held: Array<Held<R>>) => held.filter((h) => !written.has(rawClientOf(h.runtime)));
    await this.write(left(memories), memoryInserts, 'memory');
    await this.write(left(caches), cacheUpserts, 'note');
    await this.write(left(logs), logInserts, 'model-call log');
  }

  /**
   * Each database's rows of every kind as one statement (`batchStatement`),
   * where it can be made; the databases it wrote to. A statement the
   * database refuses is reported, and its rows go a kind at a time (`write`).
   */
  private async writeTogether(memories: Array<Held<MemoryRow>>, caches: Array<Held<CacheRow>>, logs: Array<Held<LogRow>>): Promise<Set<RawClient | null>> {
    const [m, c, l] = [byClient(memories), byClient(caches), byClient(logs)];
    const written = new Set<RawClient | null>();
    for (const client of new Set([...m.keys(), ...c.keys(), ...l.keys()])) {
      if (!client) continue;
      const rows = <R>(groups: Map<RawClient | null, Array<Held<R>>>) => (groups.get(client) ?? []).map((h) => h.row);
      const statement = batchStatement(rows(m), rows(c), rows(l));
      if (!statement) continue;
      try {
        await client.query(statement.text, statement.values);
        written.add(client);
      } catch (error) {
        this.warn(`House: the players' rows could not be written as one statement (${error instanceof Error ? error.message : String(error)}); each kind is written on its own`);
      }
    }
    return written;
  }

  private async write<R>(held: Array<Held<R>>, statements: (rows: R[]) => Statement[], what: string): Promise<void> {
    for (const [client, group] of byClient(held)) {
      for (let i = 0; i < group.length; i += ROWS_PER_STATEMENT) {
        const chunk = group.slice(i, i + ROWS_PER_STATEMENT);
        if (client) {
          try {
            for (const statement of statements(chunk.map((h) => h.row))) await client.query(statement.text, statement.values);
            continue;
          } catch (error) {
            // One row the database refuses fails its whole statement: each goes alone below.
            this.warn(`House: ${chunk.length} of the players' ${what} rows could not be written together (${error instanceof Error ? error.message : String(error)}); each is written alone`);
          }
        }
        for (const h of chunk) {
          try {
            await h.alone();
          } catch (error) {
            this.warn(`House: a player's ${what} row was not stored: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
    }
  }
}
