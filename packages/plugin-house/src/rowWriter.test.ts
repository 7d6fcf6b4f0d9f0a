import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { rowWriterFor } from './rowWriter.ts';

const agentId = '0b6a1d3e-6a0c-4d55-9a53-1f1d1c0a0001';

test("without a host's writer, a match row goes as setCache's upsert on the runtime's own database client, and a refusal comes back as the database's error", async () => {
  const statements: Array<{ text: string; values: unknown[] }> = [];
  const cached: string[] = [];
  const runtime = {
    agentId,
    db: {
      $client: {
        query: async (text: string, values: unknown[]) => {
          if (values[0] === 'house:match:refused') throw new Error('value too long for type character varying(255)');
          statements.push({ text, values });
        },
      },
    },
    setCache: async (key: string) => (cached.push(key), true),
  } as unknown as IAgentRuntime;
  const write = rowWriterFor(runtime);
  expect(await write('house:match:trust-1', { json: '{"id":"trust-1"}', sum: 'abc' })).toBe(true);
  expect(statements).toEqual([
    {
      text: 'INSERT INTO cache (key, agent_id, value) VALUES ($1::text, $2::text::uuid, $3::text::jsonb) ON CONFLICT (key, agent_id) DO UPDATE SET value = EXCLUDED.value',
      values: ['house:match:trust-1', agentId, '{"json":"{\\"id\\":\\"trust-1\\"}","sum":"abc"}'],
    },
  ]);
  await expect(write('house:match:refused', { json: '{}' })).rejects.toThrow('value too long');
  expect(cached).toEqual([]);
});

test('a runtime without a SQL client (a stand-in) writes its match rows through setCache', async () => {
  const cached: string[] = [];
  const runtime = { agentId, setCache: async (key: string) => (cached.push(key), true) } as unknown as IAgentRuntime;
  expect(await rowWriterFor(runtime)('house:match:trust-2', { json: '{}' })).toBe(true);
  expect(cached).toEqual(['house:match:trust-2']);
});

test("a database the runtime opens after its match store was made is the one its rows go to", async () => {
  const statements: string[] = [];
  const runtime = { agentId, setCache: async () => true } as unknown as IAgentRuntime & { db?: unknown };
  const write = rowWriterFor(runtime);
  runtime.db = { $client: { query: async (text: string) => void statements.push(text) } };
  expect(await write('house:match:trust-3', { json: '{}' })).toBe(true);
  expect(statements).toHaveLength(1);
});
