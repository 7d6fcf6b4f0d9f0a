import { describe, expect, test } from 'bun:test';
import type { IAgentRuntime, Memory, UUID } from '@elizaos/core';
import { useRowsGate } from '../rowWriter.ts';
import { WriteBatch } from './writeBatch.ts';

const uuid = (n: number) => `0b6a1d3e-6a0c-4d55-9a53-${String(n).padStart(12, '0')}` as UUID;

/** A database client that records each statement, and refuses the ones `refuse` picks. */
function client(refuse: (text: string, values: unknown[]) => boolean = () => false) {
  const statements: Array<{ text: string; values: unknown[] }> = [];
  return {
    statements,
    query: async (text: string, values: unknown[]) => {
      if (refuse(text, values)) throw new Error('insert or update on table "memories" violates foreign key constraint "fk_room"');
      statements.push({ text, values });
      return { rows: [] };
    },
  };
}

/** A player runtime on `db` (none: a stand-in without SQL), recording what its own API writes. */
function player(n: number, db: ReturnType<typeof client> | null) {
  const alone: string[] = [];
  const runtime = {
    agentId: uuid(n),
    ...(db ? { db: { $client: db } } : {}),
    createMemory: async (memory: Memory) => {
      if (memory.content.text === 'refused everywhere') throw new Error('the room does not exist');
      alone.push(`memory ${memory.content.text}`);
      return memory.id!;
    },
    setCache: async (key: string) => void alone.push(`cache ${key}`),
  } as unknown as IAgentRuntime;
  return { runtime, alone };
}

const said = (runtime: IAgentRuntime, text: string, id?: UUID): Memory => ({ ...(id ? { id } : {}), entityId: uuid(90), agentId: runtime.agentId, roomId: uuid(91), worldId: uuid(92), content: { text }, createdAt: 1_700_000_000_000 });

describe("a table's batch of the players' rows", () => {
  test("eight players' memories, notes and model-call rows go as one statement, after each private room is made, and nothing alone", async () => {
    const db = client();
    const players = Array.from({ length: 8 }, (_, i) => player(i + 1, db));
    const batch = new WriteBatch(() => undefined);
    const order: string[] = [];
    for (const [i, { runtime }] of players.entries()) {
      batch.memory(runtime, said(runtime, `ask ${i}`, uuid(100 + i)), async () => void order.push(`room ${i}`));
      batch.memory(runtime, said(runtime, `answer ${i}`));
      batch.cache(runtime, 'player:notes:m1', { round: i });
      batch.log({ runtime, row: { entityId: runtime.agentId, roomId: runtime.agentId, type: 'useModel:TEXT_LARGE', body: { prompt: `p${i}\u0000` } }, write: async () => undefined });
    }
    expect(batch.size).toBe(40);
    const statements = db.statements;
    const flushed = batch.flush().then(() => order.push('written'));
    expect(batch.size).toBe(0);
    await flushed;
    expect(order).toEqual([...players.map((_, i) => `room ${i}`), 'written']);
    expect(statements).toHaveLength(1);
    const [one] = statements;
    expect(one!.text).toStartWith('WITH w0 AS (INSERT INTO memories (');
    expect(one!.text).toContain('ON CONFLICT DO NOTHING), w1 AS (INSERT INTO cache (');
    expect(one!.text).toContain('ON CONFLICT (key, agent_id) DO UPDATE SET value = EXCLUDED.value) INSERT INTO logs (');
    // 16 memories of 9 values, 8 notes of 3, 8 log rows of 4, numbered on across the three.
    expect(one!.values.length).toBe(16 * 9 + 8 * 3 + 8 * 4);
    expect(one!.text).toContain('($145::text, $146::text::uuid, $147::text::jsonb)');
    expect(one!.text).toEndWith('($197::text::jsonb, $198::text::uuid, $199::text::uuid, $200::text)');
    // A memory's row is createMemory's: its id (or a new one), its text as jsonb, its agent and its time.
    expect(one!.values.slice(0, 9)).toEqual([uuid(100), 'messages', '{"text":"ask 0"}', '{}', uuid(90), uuid(91), uuid(92), uuid(1), '2023-11-14T22:13:20.000Z']);
    expect(one!.values[9]).toMatch(/^[0-9a-f-]{36}$/);
    expect(one!.values.slice(144, 147)).toEqual(['player:notes:m1', uuid(1), '{"round":0}']);
    // PostgreSQL's jsonb refuses NUL, as plugin-sql's log strips it.
    expect(one!.values[168]).toBe('{"prompt":"p0"}');
    expect(players.flatMap((p) => p.alone)).toEqual([]);
  });

  test('a key saved twice in a batch is written once, with its last value (one upsert may not touch a row twice)', async () => {
    const db = client();
    const { runtime } = player(1, db);
    const batch = new WriteBatch(() => undefined);
    batch.cache(runtime, 'player:notes:m1', { round: 1 });
    batch.cache(runtime, 'player:notes:m1', { round: 2 });
    await batch.flush();
    expect(db.statements[0]!.values).toEqual(['player:notes:m1', uuid(1), '{"round":2}']);
  });

  test("a statement the database refuses: a kind at a time, then each of its rows alone through the runtime's API, and only a row refused there too is reported", async () => {
    const db = client((text) => text.includes('INSERT INTO memories'));
    const { runtime, alone } = player(1, db);
    const warned: string[] = [];
    const batch = new WriteBatch((line) => warned.push(line));
    batch.memory(runtime, said(runtime, 'kept'));
    batch.memory(runtime, said(runtime, 'refused everywhere'));
    batch.cache(runtime, 'player:notes:m1', { round: 1 });
    await batch.flush();
    expect(alone).toEqual(['memory kept']);
    expect(warned).toEqual([
      `House: the players' rows could not be written as one statement (insert or update on table "memories" violates foreign key constraint "fk_room"); each kind is written on its own`,
      `House: 2 of the players' memory rows could not be written together (insert or update on table "memories" violates foreign key constraint "fk_room"); each is written alone`,
      "House: a player's memory row was not stored: the room does not exist",
    ]);
    expect(db.statements.map((s) => s.text.split(' (')[0])).toEqual(['INSERT INTO cache']);
  });

  test('a room that cannot be made is reported and its memories still tried; a runtime with no SQL database writes through its API', async () => {
    const { runtime, alone } = player(1, null);
    const warned: string[] = [];
    const batch = new WriteBatch((line) => warned.push(line));
    batch.memory(runtime, said(runtime, 'hello'), async () => {
      throw new Error('the database is shutting down');
    });
    batch.cache(runtime, 'player:notes:m1', {});
    await batch.flush();
    expect(warned).toEqual(["House: a player's private room could not be made: the database is shutting down"]);
    expect(alone).toEqual(['memory hello', 'cache player:notes:m1']);
  });

  test('rows added while a flush runs wait for the next one', async () => {
    const db = client();
    const { runtime } = player(1, db);
    const batch = new WriteBatch(() => undefined);
    batch.memory(runtime, said(runtime, 'first'));
    const first = batch.flush();
    batch.memory(runtime, said(runtime, 'second'));
    await first;
    expect(db.statements).toHaveLength(1);
    await batch.flush();
    expect(db.statements.map((s) => s.values[2])).toEqual(['{"text":"first"}', '{"text":"second"}']);
  });

  test("a host that lost the House's lease (woken from a pause past it) writes no player row and makes no room, and says so once", async () => {
    const db = client();
    const { runtime, alone } = player(1, db);
    const warned: string[] = [];
    const batch = new WriteBatch((line) => warned.push(line));
    let rooms = 0;
    batch.memory(runtime, said(runtime, 'hello'), async () => void rooms++);
    batch.cache(runtime, 'player:notes:m1', {});
    useRowsGate(async () => false);
    try {
      await batch.flush();
    } finally {
      useRowsGate(null);
    }
    expect([db.statements, alone, rooms]).toEqual([[], [], 0]);
    expect(warned).toEqual(["House: 2 player rows not written: this host no longer holds the House's lease (the host that holds it plays the phase again and writes them)"]);
  });
});
