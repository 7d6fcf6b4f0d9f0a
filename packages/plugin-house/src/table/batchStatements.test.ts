import { describe, expect, test } from 'bun:test';
import { batchStatement, cacheUpserts, jsonText, logInserts, memoryInserts, ROWS_PER_STATEMENT } from './batchStatements.ts';

const row = (i: number) => ({ id: `id-${i}`, type: 'messages', content: { text: `t${i}` }, metadata: {}, entityId: 'e', roomId: 'r', worldId: null, agentId: 'a', createdAt: 0 });

describe("statements for plugin-sql's tables", () => {
  test('a chunk is one statement with one numbered value a column, each cast from text', () => {
    const [one] = memoryInserts([row(1), row(2)]);
    expect(one!.text).toContain('VALUES ($1::text::uuid, $2::text, $3::text::jsonb, $4::text::jsonb, $5::text::uuid, $6::text::uuid, $7::text::uuid, $8::text::uuid, $9::text::timestamp), ($10::text::uuid,');
    expect(one!.values).toHaveLength(18);
    expect(logInserts([{ entityId: 'e', roomId: 'r', type: 't', body: {} }])[0]!.text).toBe('INSERT INTO logs (body, entity_id, room_id, type) VALUES ($1::text::jsonb, $2::text::uuid, $3::text::uuid, $4::text)');
  });

  test(`more than ${ROWS_PER_STATEMENT} rows go in chunks, so no statement binds more values than PostgreSQL takes`, () => {
    const many = Array.from({ length: ROWS_PER_STATEMENT * 2 + 1 }, (_, i) => row(i));
    const statements = memoryInserts(many);
    expect(statements.map((s) => s.values.length / 9)).toEqual([ROWS_PER_STATEMENT, ROWS_PER_STATEMENT, 1]);
    expect(statements.every((s) => s.values.length < 65_535)).toBe(true);
    expect(cacheUpserts(Array.from({ length: 3 }, (_, i) => ({ key: `k${i}`, agentId: 'a', value: i })))[0]!.values).toEqual(['k0', 'a', '0', 'k1', 'a', '1', 'k2', 'a', '2']);
  });

  test('two kinds or three are one statement, the first as WITH queries, values numbered on; one kind, or a kind past a chunk, is not', () => {
    const log = { entityId: 'e', roomId: 'r', type: 't', body: { a: 1 } };
    const two = batchStatement([row(1)], [], [log])!;
    expect(two.text).toBe(`WITH w0 AS (${memoryInserts([row(1)])[0]!.text}) INSERT INTO logs (body, entity_id, room_id, type) VALUES ($10::text::jsonb, $11::text::uuid, $12::text::uuid, $13::text)`);
    expect(two.values).toEqual([...memoryInserts([row(1)])[0]!.values, ...logInserts([log])[0]!.values]);
    // A key saved twice keeps its last value here too.
    const notes = batchStatement([], [{ key: 'k', agentId: 'a', value: 1 }, { key: 'k', agentId: 'a', value: 2 }], [log])!;
    expect(notes.values.slice(0, 3)).toEqual(['k', 'a', '2']);
    expect(notes.text).toStartWith('WITH w0 AS (INSERT INTO cache (key, agent_id, value) VALUES ($1::text, $2::text::uuid, $3::text::jsonb) ON CONFLICT');
    expect(batchStatement([row(1), row(2)], [], [])).toBeNull();
    expect(batchStatement(Array.from({ length: ROWS_PER_STATEMENT + 1 }, (_, i) => row(i)), [], [log])).toBeNull();
    const full = batchStatement(Array.from({ length: ROWS_PER_STATEMENT }, (_, i) => row(i)), Array.from({ length: ROWS_PER_STATEMENT }, (_, i) => ({ key: `k${i}`, agentId: 'a', value: i })), Array.from({ length: ROWS_PER_STATEMENT }, () => log))!;
    expect(full.values.length).toBeLessThan(65_535);
    expect(full.text).toContain(`$${full.values.length}::text)`);
  });

  test('jsonb text: NUL is dropped from strings and keys, a cycle is null, a date is its JSON, and an own "__proto__" key stays data', () => {
    const cyclic: Record<string, unknown> = { a: 'x\u0000y' };
    cyclic.self = cyclic;
    expect(jsonText(cyclic)).toBe('{"a":"xy","self":null}');
    expect(jsonText({ 'k\u0000': new Date(0) })).toBe('{"k":"1970-01-01T00:00:00.000Z"}');
    expect(jsonText(JSON.parse('{"__proto__": {"polluted": 1}}'))).toBe('{"__proto__":{"polluted":1}}');
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
    expect(jsonText(undefined)).toBe('null');
    // A backslash and 'u0000' written out are text, not NUL: kept as they are.
    expect(jsonText({ a: '\\u0000' })).toBe(JSON.stringify({ a: '\\u0000' }));
  });
});
