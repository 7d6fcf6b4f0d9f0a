import { describe, expect, test } from 'bun:test';
import { cacheUpserts, jsonText, logInserts, memoryInserts, ROWS_PER_STATEMENT } from './batchStatements.ts';

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
