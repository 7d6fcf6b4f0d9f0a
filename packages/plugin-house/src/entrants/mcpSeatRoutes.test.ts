import { describe, expect, test } from 'bun:test';
import type { IAgentRuntime, RouteRequest, RouteResponse } from '@elizaos/core';
import { McpSeatDesk } from '@the-house/lab/remote/mcpSeatDesk.ts';
import { mcpSeatRoutes } from './mcpSeatRoutes.ts';
import { mintSeatToken, tokenHash } from '@the-house/lab/remote/seatToken.ts';

const token = mintSeatToken();
const desk = new McpSeatDesk('rules of the test');

/** A House with one live match whose seat `bot` is an MCP seat with `token`, behind a host that wants an API key. */
function runtime(status: string, resumed = true): IAgentRuntime {
  const table = { stored: { id: 'm', status, seats: { bot: { kind: 'remote', remote: { kind: 'mcp', tokenHash: tokenHash(token) } } } }, seats: { of: (id: string) => (id === 'bot' ? { desk } : undefined) } };
  const house = { resumed, tables: new Map([['m', table]]) };
  return { getService: () => house, getSetting: (key: string) => (key === 'ELIZA_SERVER_AUTH_TOKEN' ? 'host-key' : null), logger: { error: () => {} } } as unknown as IAgentRuntime;
}

/** One request through the seat route as the server hands it over; the status and body it answered. */
async function call(rt: IAgentRuntime, params: Record<string, string>, headers: Record<string, string> = {}, body: unknown = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }) {
  let status = 0;
  let sent: unknown;
  const res: RouteResponse = {
    status: (code) => ((status = code), res),
    json: (data) => ((sent = data), res),
    send: (data) => ((sent = JSON.parse(String(data))), res),
    end: () => res,
    setHeader: () => res,
  };
  const req: RouteRequest = { method: 'POST', params, body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } };
  await mcpSeatRoutes.find((r) => r.type === 'POST' && r.path === (params.token ? '/mcp/seat/:token' : '/mcp/seat'))!.handler!(req, res, rt);
  return { status, body: sent as { result?: { serverInfo?: { name: string } }; error?: string } };
}

describe('the MCP seat route', () => {
  test("a live seat's token opens it, in the path or as a bearer, with no host key: the token is the route's one credential", async () => {
    const inPath = await call(runtime('running'), { token });
    expect(inPath.status).toBe(200);
    expect(inPath.body.result?.serverInfo?.name).toBe('the-house-seat');
    expect((await call(runtime('paused'), {}, { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  test('a wrong token, an ended match, no token, and the host key in place of a token are refused; a House still starting asks to call again', async () => {
    expect((await call(runtime('running'), { token: mintSeatToken() })).status).toBe(403);
    expect((await call(runtime('finished'), { token })).status).toBe(403);
    expect((await call(runtime('running'), {})).status).toBe(401);
    expect((await call(runtime('running'), {}, { 'x-api-key': 'host-key' })).status).toBe(401);
    expect((await call(runtime('running'), { token: 'host-key' })).status).toBe(403);
    expect((await call(runtime('running', false), { token: mintSeatToken() })).status).toBe(503);
    const refused = await call(runtime('running'), { token: mintSeatToken() });
    expect(refused.body.error).toBe('This seat token is not for a seat of a match that is live here (wrong, revoked, or its match has ended).');
  });

  test('a request body over the limit is refused unread', async () => {
    expect((await call(runtime('running'), { token }, {}, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'say', arguments: { text: 'x'.repeat(70_000) } } })).status).toBe(413);
  });
});
