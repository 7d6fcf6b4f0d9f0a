import type { IAgentRuntime } from '@elizaos/core';
import { MCP_SEAT_PATH } from '@the-house/lab/remote/mcpSeatServer.ts';
import type { SeatedEntrant } from '../entrants/entrantSeats.ts';
import { observerLinkText } from '../texts/houseTexts.ts';
import { revealsOf, revealUrl } from './oneTimeReveals.ts';

/** The observer's line: a one-time link to their observer link, which the message itself never holds. */
export function observerLinkLine(runtime: IAgentRuntime, publicUrl: string, matchId: string, observerKey: string): string {
  const nonce = revealsOf(runtime).put({ what: `Your observer link for ${matchId}: everything of it, live, including what the players do not see. It is yours alone`, secret: `${publicUrl}/house/observe/${observerKey}` });
  return observerLinkText(matchId, revealUrl(publicUrl, nonce));
}

/**
 * What the owner of MCP seats is told with the `!play` reply: for each seat a
 * one-time link to its address (the address holds the seat's token, the
 * seat's only credential), so the reply itself holds no token.
 */
export function seatTokenText(runtime: IAgentRuntime, publicUrl: string, seated: readonly SeatedEntrant[]): string {
  const lines = seated
    .filter((s) => s.token)
    .map((s) => `- ${s.name}: ${revealUrl(publicUrl, revealsOf(runtime).put({ what: `The MCP seat of ${s.name} for this match: give this address to its agent (it is the seat's key)`, secret: `${publicUrl}${MCP_SEAT_PATH}${s.token}` }))}`);
  return lines.length
    ? `\nMCP seat${lines.length > 1 ? 's' : ''} for your agent: each link below shows its seat's address once, within an hour (the address is the key, so keep it to yourself; if a link says it was opened already, someone else read it: \`!stop\` the match):\n${lines.join('\n')}`
    : '';
}
