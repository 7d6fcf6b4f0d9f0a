import type { IAgentRuntime } from '@elizaos/core';
import type { McpSeatDesk } from '@the-house/lab/remote/mcpSeatDesk.ts';
import { SEAT_TOKEN, tokenHash } from '@the-house/lab/remote/seatToken.ts';

/** How long an ended match's MCP seat still answers `wait_for_turn` with its end. */
export const ENDED_SEAT_MS = 10 * 60_000;
/** At most this many ended seats are kept at once (the oldest go first). */
const MAX_ENDED_SEATS = 1_000;

/**
 * The MCP seats of matches that ended lately, by their token's hash: an
 * agent polling its seat after the match left its table hears the end
 * (`{over: true, ...}`) there, for ENDED_SEAT_MS, rather than a 403 it
 * would take for a network fault. Nothing but the end is served: the desk
 * takes no turn once over.
 */
export class EndedMcpSeats {
  private readonly seats = new Map<string, { desk: McpSeatDesk; until: number }>();

  keep(hash: string, desk: McpSeatDesk, now: number): void {
    this.prune(now);
    this.seats.delete(hash);
    this.seats.set(hash, { desk, until: now + ENDED_SEAT_MS });
    while (this.seats.size > MAX_ENDED_SEATS) this.seats.delete(this.seats.keys().next().value!);
  }

  /** The ended seat `token` opens, if it is still kept: kept by its hash, so the token is hashed once, not once a seat. */
  find(token: string, now: number): McpSeatDesk | null {
    this.prune(now);
    if (!SEAT_TOKEN.test(token)) return null;
    return this.seats.get(tokenHash(token))?.desk ?? null;
  }

  private prune(now: number): void {
    for (const [hash, { until }] of this.seats) if (until <= now) this.seats.delete(hash);
  }
}

const byRuntime = new WeakMap<IAgentRuntime, EndedMcpSeats>();

/** The host's ended MCP seats (one set per runtime). */
export function endedMcpSeatsOf(runtime: IAgentRuntime): EndedMcpSeats {
  let seats = byRuntime.get(runtime);
  if (!seats) byRuntime.set(runtime, (seats = new EndedMcpSeats()));
  return seats;
}
