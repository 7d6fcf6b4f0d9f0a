import { describe, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { MatchEnd } from './matchEnd.ts';
import { McpSeatDesk } from './mcpSeatDesk.ts';
import { mcpSeatRules } from './mcpSeatRules.ts';
import { mcpSeatServer } from './mcpSeatServer.ts';

/** An SDK client on the seat's server, in memory. */
async function connected(desk: McpSeatDesk): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await mcpSeatServer(desk).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

const textOf = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0]!.text;

describe("an MCP seat's server", () => {
  test("wait_for_turn's description names what a turn carries (moves and view_schema among them) and the end", async () => {
    const client = await connected(new McpSeatDesk('rules'));
    const wait = (await client.listTools()).tools.find((t) => t.name === 'wait_for_turn')!;
    for (const field of ['turn_id', 'ms_left', 'view', 'view_schema', 'legal', 'moves', 'schema', 'prompt', '"over": true']) expect(wait.description).toContain(field);
    await client.close();
  });

  test('get_rules says how the end of the match comes', async () => {
    const client = await connected(new McpSeatDesk(mcpSeatRules('Trust', 'A game of trust.')));
    expect(textOf(await client.callTool({ name: 'get_rules', arguments: {} }))).toContain('Once the match is over, wait_for_turn gives {"over": true');
    await client.close();
  });

  test('once the match is over, wait_for_turn answers {over: true, result, your_place}, not an error', async () => {
    const desk = new McpSeatDesk('rules');
    const client = await connected(desk);
    const end: MatchEnd = { kind: 'match_over', match: 'm', game: 'trust', seat: 'ada', result: { class: 'forfeit', why: 'substituted', won: false, winners: ['bo'] }, your_place: 2 };
    void desk.over(end, AbortSignal.timeout(60_000));
    const waited = await client.callTool({ name: 'wait_for_turn', arguments: { timeout_ms: 0 } });
    expect((waited as { isError?: boolean }).isError).toBeUndefined();
    expect(JSON.parse(textOf(waited))).toEqual({ over: true, ...end });
    await client.close();
  });
});
