import { afterAll, expect, test } from 'bun:test';
import { McpSeatDesk } from './mcpSeatDesk.ts';
import { hostMcpSeats } from './mcpSeatHost.ts';
import { MAX_MCP_BODY_BYTES } from './mcpSeatServer.ts';

const hosted = hostMcpSeats([
  { id: 'mcp', desk: new McpSeatDesk('rules') },
  { id: 'mcp-2', desk: new McpSeatDesk('rules') },
]);
afterAll(() => hosted.stop());

const post = (url: string, body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

test("each seat's address holds a token of its own (256 bits); another token, a bare path or a body over the House's MCP bound is refused, and a seat counts as connected on its own first call", async () => {
  const [one, two] = hosted.seats;
  expect(one!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/house\/mcp\/seat\/[A-Za-z0-9_-]{43}$/);
  expect(two!.url).not.toBe(one!.url);
  const origin = new URL(one!.url).origin;
  expect((await post(`${origin}/house/mcp/seat/${'x'.repeat(43)}`, LIST_TOOLS)).status).toBe(403);
  expect((await post(`${origin}/house/mcp/seat/`, LIST_TOOLS)).status).toBe(403);
  expect((await post(one!.url, JSON.stringify({ pad: 'x'.repeat(MAX_MCP_BODY_BYTES) }))).status).toBe(413);
  const listed = await post(one!.url, LIST_TOOLS);
  expect(listed.status).toBe(200);
  expect(JSON.stringify(await listed.json())).toContain('wait_for_turn');
  let second = false;
  void hosted.connected('mcp-2').then(() => (second = true));
  await hosted.connected('mcp');
  await Bun.sleep(10);
  expect(second).toBe(false);
});

test('the token may come as Authorization: Bearer on the bare seat path, as a live House takes it; a wrong one, or one beside a path token, is no way in', async () => {
  const [one] = hosted.seats;
  const { origin, pathname } = new URL(one!.url);
  const token = pathname.slice('/house/mcp/seat/'.length);
  const bearer = (path: string, value: string) => fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${value}` }, body: LIST_TOOLS });
  for (const path of ['/house/mcp/seat', '/house/mcp/seat/']) {
    const listed = await bearer(path, token);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(await listed.json())).toContain('wait_for_turn');
    expect((await bearer(path, 'x'.repeat(43))).status).toBe(403);
  }
  expect((await bearer(`/house/mcp/seat/${'x'.repeat(43)}`, token)).status).toBe(403);
  expect((await bearer('/elsewhere', token)).status).toBe(403);
});
