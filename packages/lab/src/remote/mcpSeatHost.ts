import type { McpSeatDesk } from './mcpSeatDesk.ts';
import { answerMcp, MAX_MCP_BODY_BYTES, MCP_SEAT_PATH, seatTokenOf } from './mcpSeatServer.ts';
import { mintSeatToken, tokenHash } from './seatToken.ts';

/** An MCP seat a headless run serves: its id, its desk, and the address (with its token) its agent connects to. */
export interface HostedMcpSeat {
  id: string;
  desk: McpSeatDesk;
  url: string;
}

/**
 * Serves a headless run's MCP seats on loopback (`play --players copycat,mcp`),
 * at `/house/mcp/seat/<token>` as the House serves them, a fresh 256-bit token
 * per seat (`seatToken.ts`, kept as its SHA-256, so looking one up takes the
 * same time for any token), or at `/house/mcp/seat` with the token in an
 * `Authorization: Bearer` header, as a live House takes it. Any other path
 * or token is a 403. `connected(id)`
 * settles on the seat's first call; `stop` closes every desk and the server.
 */
export function hostMcpSeats(seats: ReadonlyArray<{ id: string; desk: McpSeatDesk }>, port = 0): { seats: HostedMcpSeat[]; connected(id: string): Promise<void>; stop(): void } {
  const byDigest = new Map<string, { id: string; desk: McpSeatDesk }>();
  const tokens = new Map<string, string>();
  const arrived = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  for (const seat of seats) {
    const token = mintSeatToken();
    tokens.set(seat.id, token);
    byDigest.set(tokenHash(token), seat);
    const { promise, resolve } = Promise.withResolvers<void>();
    arrived.set(seat.id, { promise, resolve });
  }
  const server = Bun.serve({
    port,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    // The House's own bound on an MCP request to a seat; past it Bun answers 413 without reading on.
    maxRequestBodySize: MAX_MCP_BODY_BYTES,
    fetch: (req) => {
      const token = seatTokenOf(req);
      const seat = token ? byDigest.get(tokenHash(token)) : undefined;
      if (!seat) return Response.json({ error: 'This seat token is not for a seat here.' }, { status: 403 });
      arrived.get(seat.id)!.resolve();
      return answerMcp(seat.desk, req);
    },
  });
  return {
    seats: seats.map(({ id, desk }) => ({ id, desk, url: `http://127.0.0.1:${server.port}${MCP_SEAT_PATH}${tokens.get(id)}` })),
    connected: (id) => arrived.get(id)?.promise ?? Promise.reject(new Error(`no MCP seat ${id}`)),
    stop: () => {
      for (const { desk } of seats) desk.close();
      // Answers already on their way (the end of the match an agent just read) go out; what still hangs after a second is cut.
      void server.stop();
      setTimeout(() => void server.stop(true), 1_000).unref();
    },
  };
}
