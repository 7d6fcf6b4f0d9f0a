import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod';
import { MAX_TALK_CHARS, MAX_WAIT_MS, type DeskReply, type McpSeatDesk } from './mcpSeatDesk.ts';

/** Where an MCP seat is served, its token after it: the House's route, and the seats the lab serves (`play`, `seat-check`) at the same path. */
export const MCP_SEAT_PATH = '/house/mcp/seat/';

/** The longest MCP request body the House reads (a submit_action with its answer and some framing). */
export const MAX_MCP_BODY_BYTES = 64 * 1024;

const text = (value: string, isError = false) => ({ content: [{ type: 'text' as const, text: value }], ...(isError ? { isError: true } : {}) });
const reply = (r: DeskReply) => (r.ok ? text(r.text) : text(r.error, true));

/**
 * The seat's MCP server: `get_rules`, `wait_for_turn` (a long poll of at
 * most 25 s that gives the turn as JSON, or says none is open, or once the
 * match is over `{over: true, result, your_place}`), `submit_action`
 * (turn id and action), `say` and `whisper` (drafted into the open turn),
 * and the seat's view as the resource `house://seat/view`.
 */
export function mcpSeatServer(desk: McpSeatDesk): McpServer {
  const server = new McpServer({ name: 'the-house-seat', version: '1.0.0' });
  // The SDK resolves its own copy of zod; its schemas are read at run time through its zod-compat layer, whatever copy made them.
  const tool = (name: string, description: string, shape: Record<string, z.ZodType>, run: (args: Record<string, unknown>, signal: AbortSignal) => Promise<ReturnType<typeof text>>) =>
    server.registerTool(name, { description, inputSchema: shape as unknown as ZodRawShapeCompat }, ((args: Record<string, unknown>, extra: { signal: AbortSignal }) => run(args, extra.signal)) as never);
  tool('get_rules', "The game's rules and how a turn works here.", {}, async () => text(desk.rules));
  const waitDescription =
    `Waits up to timeout_ms (at most ${MAX_WAIT_MS}) for this seat's turn; gives the turn as JSON (turn_id, deadline, ms_left, view, view_schema: the view's JSON Schema, ` +
    'legal: the legal moves in words, moves: the same moves as data with the values each field may take, schema: the answer\'s JSON Schema, prompt), or says no turn is open yet. ' +
    'Once the match is over it gives {"over": true, "result": {"class", "won", "winners"}, "your_place"} instead, every call, until you disconnect.';
  tool('wait_for_turn', waitDescription, { timeout_ms: z.number().int().min(0).max(MAX_WAIT_MS).optional() }, async (args, signal) => {
    const turn = await desk.waitForTurn(typeof args.timeout_ms === 'number' ? args.timeout_ms : MAX_WAIT_MS, signal);
    if (turn && 'kind' in turn) return text(JSON.stringify({ over: true, ...turn }));
    return text(turn ? JSON.stringify(turn) : 'no turn is open yet; call wait_for_turn again');
  });
  tool('submit_action', "Hands in the open turn's action (an object that fits the turn's schema).", { turn_id: z.string().min(1).max(64), action: z.unknown() }, async (args) => reply(desk.submit(String(args.turn_id), args.action)));
  tool('say', "The open turn's public message (Influence's RUMOR), handed in with submit_action.", { text: z.string().max(MAX_TALK_CHARS) }, async (args) => reply(desk.say(String(args.text))));
  tool('whisper', 'A private message to up to 4 players, handed in with submit_action (Influence WHISPER).', { to: z.array(z.string().min(1).max(64)).min(1).max(4), text: z.string().max(MAX_TALK_CHARS) }, async (args) =>
    reply(desk.whisper((args.to as unknown[]).map(String), String(args.text))),
  );
  server.registerResource('view', 'house://seat/view', { description: "This seat's own view of the match, as of its latest turn", mimeType: 'application/json' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(desk.view()) }],
  }));
  return server;
}

/**
 * One MCP request to a seat, stateless (each request stands alone, so an
 * agent that reconnects after a restart needs nothing but its token): a
 * server and transport made for it, answered as JSON rather than a stream.
 */
export async function answerMcp(desk: McpSeatDesk, request: Request, parsedBody?: unknown): Promise<Response> {
  const server = mcpSeatServer(desk);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody });
  } finally {
    void server.close().catch(() => undefined);
  }
}

/** A seat's token from the path (`/house/mcp/seat/<token>`), else from `Authorization: Bearer` on the bare seat path. */
export function seatTokenOf(req: Request): string | null {
  const path = new URL(req.url).pathname;
  if (path.startsWith(MCP_SEAT_PATH) && path.length > MCP_SEAT_PATH.length) return path.slice(MCP_SEAT_PATH.length);
  if (path !== MCP_SEAT_PATH && path !== MCP_SEAT_PATH.slice(0, -1)) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return bearer ? bearer[1]! : null;
}
