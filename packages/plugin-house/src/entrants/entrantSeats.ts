import type { AnyGame } from '@the-house/games/engine/types.ts';
import type { ClockRules } from '@the-house/lab/remote/seatClock.ts';
import { newClock } from '@the-house/lab/remote/seatClock.ts';
import type { CommandAuthor } from '../types.ts';
import type { Entrant } from './entrant.ts';
import type { EntrantStore } from './entrantStore.ts';
import type { RemoteSeatRecord } from './remoteSeatRecord.ts';
import { mintSeatToken, tokenHash } from '@the-house/lab/remote/seatToken.ts';
import { MCP_SEAT_PATH } from '@the-house/lab/remote/mcpSeatServer.ts';

/** An entrant seated by `!play`: its seat name, what the match keeps of it, and an MCP seat's token (given once, then only its hash is kept). */
export interface SeatedEntrant {
  name: string;
  record: RemoteSeatRecord;
  token?: string;
}

/**
 * The entrants among a `!play` line-up's names (`@mybot` arrives as
 * `mybot`), as remote seats: each with a fresh clock, the game's first
 * baseline to take over, and for an MCP entrant a new 256-bit token bound to
 * this seat of this match. An MCP entrant is seated only by its owner in a
 * direct chat with the House, where its token is shown to them alone.
 */
export async function entrantSeats(store: EntrantStore, names: readonly string[], game: AnyGame, rules: ClockRules, author: CommandAuthor | null, privately: (author: CommandAuthor) => Promise<boolean>): Promise<{ ok: true; seats: Map<string, SeatedEntrant> } | { ok: false; error: string }> {
  const seats = new Map<string, SeatedEntrant>();
  if (!names.length) return { ok: true, seats };
  const all = await store.list();
  for (const name of names) {
    const entrant: Entrant | undefined = all.find((e) => e.name.toLowerCase() === name.toLowerCase());
    if (!entrant || seats.has(entrant.name.toLowerCase())) continue;
    let token: string | undefined;
    if (entrant.kind === 'mcp') {
      if (!author || author.id !== entrant.owner.id) return { ok: false, error: `${entrant.name} connects over MCP with a seat token that only its owner (${entrant.owner.name}) may be given: they seat it.` };
      if (!(await privately(author))) return { ok: false, error: `${entrant.name}'s seat token must reach you alone: send this \`!play\` in your direct chat with the House.` };
      token = mintSeatToken();
    }
    const record: RemoteSeatRecord = {
      entrant: entrant.name,
      ...(entrant.version ? { version: entrant.version } : {}),
      kind: entrant.kind,
      url: entrant.url,
      ...(entrant.model ? { model: entrant.model } : {}),
      owner: entrant.owner,
      clock: newClock(rules),
      fallback: Object.keys(game.strategies)[0] ?? null,
      ...(token ? { tokenHash: tokenHash(token) } : {}),
    };
    seats.set(entrant.name.toLowerCase(), { name: entrant.name, record, ...(token ? { token } : {}) });
  }
  return { ok: true, seats };
}

/** What the owner of MCP seats is told once, with the `!play` reply: each seat's URL with its token, and that it is not shown again. */
export function seatTokenText(publicUrl: string, seated: readonly SeatedEntrant[]): string {
  const lines = seated.filter((s) => s.token).map((s) => `- ${s.name}: ${publicUrl}${MCP_SEAT_PATH}${s.token}`);
  return lines.length ? `\nMCP seat${lines.length > 1 ? 's' : ''} for your agent (shown once, for this match only; the address is the key, so keep it to yourself):\n${lines.join('\n')}` : '';
}
