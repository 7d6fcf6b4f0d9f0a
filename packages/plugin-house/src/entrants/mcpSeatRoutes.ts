import type { IAgentRuntime, Route, RouteRequest, RouteResponse } from '@elizaos/core';
import { answerMcp, MAX_MCP_BODY_BYTES } from '@the-house/lab/remote/mcpSeatServer.ts';
import type { McpSeatDesk } from '@the-house/lab/remote/mcpSeatDesk.ts';
import type { Seat } from '@the-house/lab/seats/seat.ts';
import { remoteSeats } from '../seats/seatSpec.ts';
import type { StoredMatch } from '../types.ts';
import { tokenMatches } from '@the-house/lab/remote/seatToken.ts';
import { endedMcpSeatsOf } from './endedMcpSeats.ts';

/** What the seat route needs of the House: its live tables (a closed match has left them, and so has every token of it). */
interface LiveTables {
  /** False while the House is putting the matches saved before its last stop back at their tables. */
  readonly resumed?: boolean;
  readonly tables: ReadonlyMap<string, { readonly stored: StoredMatch; readonly seats: { of(id: string): Seat | undefined } }>;
}

const REFUSED = 'This seat token is not for a seat of a match that is live here (wrong, revoked, or its match has ended).';

/** The MCP desk a token opens: a seat of a running or paused match whose hash it matches; null for any other token. */
export function seatDeskFor(house: LiveTables, token: string): McpSeatDesk | null {
  for (const table of house.tables.values()) {
    const { stored } = table;
    if (stored.status !== 'running' && stored.status !== 'paused') continue;
    for (const [id, remote] of remoteSeats(stored)) {
      if (remote.kind !== 'mcp' || !remote.tokenHash || !tokenMatches(token, remote.tokenHash)) continue;
      const seat = table.seats.of(id) as (Seat & { desk?: McpSeatDesk | null }) | undefined;
      return seat?.desk ?? null;
    }
  }
  return null;
}

/** The token from the path, else from `Authorization: Bearer` (some MCP clients send no headers, others prefer them). */
function tokenOf(req: RouteRequest): string | null {
  const fromPath = req.params?.token;
  if (typeof fromPath === 'string' && fromPath) return fromPath;
  const header = req.headers?.authorization;
  const text = Array.isArray(header) ? header[0] : header;
  const m = typeof text === 'string' ? /^Bearer\s+(\S+)$/i.exec(text) : null;
  return m ? m[1]! : null;
}

/**
 * One MCP request to a seat, answered from the seat's desk. The seat token
 * is the only credential this route takes: bound to one seat of one live
 * match, it admits to that seat and nothing else, so the host's API key
 * (ELIZA_SERVER_AUTH_TOKEN, which every other /house route wants) is
 * neither needed here nor a way in. A seat of a match that ended lately
 * answers with the end (`endedMcpSeats.ts`); wrong, long-ended and missing
 * tokens are refused alike, in one line.
 */
async function serve(req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime): Promise<void> {
  res.setHeader?.('Cache-Control', 'no-store');
  try {
    const token = tokenOf(req);
    if (!token) return void res.status(401).json({ error: 'A seat token is needed: /house/mcp/seat/<token>, or Authorization: Bearer <token>.' });
    const house = runtime.getService('house') as unknown as LiveTables | null;
    // A seat of a match that ended lately still answers, with the end (`wait_for_turn` gives {over: true, ...}).
    const desk = (house && house.tables instanceof Map ? seatDeskFor(house, token) : null) ?? endedMcpSeatsOf(runtime).find(token, Date.now());
    if (!desk && (!house || house.resumed === false)) {
      // Just restarted (or the House not up yet): the seat's match may not be back at its table. Its agent is asked to call again, not refused.
      res.setHeader?.('Retry-After', '1');
      return void res.status(503).json({ error: 'The House is starting; call again in a moment.' });
    }
    // 403, never 404: a host still booting answers 404 for every path, and an agent must not take that for a refusal.
    if (!desk) return void res.status(403).json({ error: REFUSED });
    const body = req.method === 'POST' ? JSON.stringify(req.body ?? null) : undefined;
    if (body !== undefined && body.length > MAX_MCP_BODY_BYTES) return void res.status(413).json({ error: `An MCP request to a seat is at most ${MAX_MCP_BODY_BYTES} bytes.` });
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers ?? {})) if (typeof value === 'string') headers.set(name, value);
    headers.set('content-type', 'application/json');
    const request = new Request('http://house.local/house/mcp/seat', { method: req.method ?? 'POST', headers, ...(body !== undefined ? { body } : {}) });
    const answer = await answerMcp(desk, request, body !== undefined ? req.body : undefined);
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length') res.setHeader?.(name, value);
    });
    const text = await answer.text();
    res.status(answer.status);
    if (text) res.send(text);
    else res.end();
  } catch (error) {
    runtime.logger?.error?.(`House: an MCP seat request failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!res.headersSent) res.status(500).json({ error: 'The House could not answer that MCP request; the host log says why.' });
  }
}

const handler = (req: RouteRequest, res: RouteResponse, runtime: IAgentRuntime): Promise<void> => serve(req, res, runtime);

/** The MCP seat routes, served under /house: the token in the path (as `@elizaos/plugin-mcp` sends no headers) or as a bearer header. */
export const mcpSeatRoutes: Route[] = (['POST', 'GET', 'DELETE'] as const).flatMap((type) => [
  { type, path: '/mcp/seat/:token', handler },
  { type, path: '/mcp/seat', handler },
]);
