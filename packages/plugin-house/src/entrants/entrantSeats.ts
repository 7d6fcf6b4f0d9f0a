import type { AnyGame } from '@the-house/games/engine/types.ts';
import type { ClockRules } from '@the-house/lab/remote/seatClock.ts';
import { newClock } from '@the-house/lab/remote/seatClock.ts';
import type { CommandAuthor } from '../types.ts';
import type { Entrant } from './entrant.ts';
import { entrantKey } from './entrantKey.ts';
import type { EntrantStore } from './entrantStore.ts';
import type { RemoteSeatRecord } from './remoteSeatRecord.ts';
import { mintSeatToken, tokenHash } from '@the-house/lab/remote/seatToken.ts';

/** An entrant seated by `!play`: its seat name, what the match keeps of it, and an MCP seat's token (given once, then only its hash is kept). */
export interface SeatedEntrant {
  name: string;
  record: RemoteSeatRecord;
  token?: string;
}

/** Who asks for the seats, as the entrants' owners see it. */
export interface SeatAsker {
  /** The person who typed `!play`; null for the House's own call (no person: the operator's). */
  author: CommandAuthor | null;
  /** Whether they are a House admin. */
  admin: boolean;
  privately(author: CommandAuthor): Promise<boolean>;
  /** Tokens an entrant spent today in seats others gave it. */
  spentToday(name: string): Promise<number>;
}

/** Why `asker` may not seat `entrant`, in one line; null when they may. */
async function seatRefusal(entrant: Entrant, asker: SeatAsker): Promise<string | null> {
  const { author } = asker;
  const own = author !== null && author.id === entrant.owner.id;
  if (entrant.kind === 'mcp') {
    if (!author || !own) return `${entrant.name} connects over MCP with a seat token that only its owner (${entrant.owner.name}) may be given: they seat it.`;
    if (!(await asker.privately(author))) return `${entrant.name}'s seat token must reach you alone: send this \`!play\` in your direct chat with the House.`;
    return null;
  }
  if (!author || own || asker.admin) return null;
  if (!entrant.open) {
    return entrant.declared
      ? `${entrant.name} is the House's own entrant: only a House admin seats it.`
      : `${entrant.name} is ${entrant.owner.name}'s entrant and private: only they or a House admin seat it (they may let anyone, with \`!entrants open ${entrant.name}\`).`;
  }
  const day = entrant.open.dayTokens;
  if (entrant.kind === 'openai' && day !== undefined) {
    const spent = await asker.spentToday(entrant.name);
    if (spent >= day) return `${entrant.name} has spent today's budget its owner allows others (${spent.toLocaleString('en-US')} of ${day.toLocaleString('en-US')} tokens); seat it again tomorrow (UTC), or ask ${entrant.owner.name}.`;
  }
  return null;
}

/**
 * The entrants among a `!play` line-up's names (`@mybot` arrives as
 * `mybot`), as remote seats, each matched in its canonical form
 * (`entrantKey`): a fresh clock, the game's first baseline to take over, and
 * for an MCP entrant a new 256-bit token bound to this seat of this match.
 * An entrant is its owner's: private, only they or an admin seat it; open,
 * anyone may, and a seat given by someone else carries the owner's budgets
 * (the House holds it to them). An MCP entrant is seated only by its owner
 * in a direct chat with the House, where its token is shown to them alone.
 * Returned by canonical key.
 */
export async function entrantSeats(store: EntrantStore, names: readonly string[], game: AnyGame, rules: ClockRules, asker: SeatAsker): Promise<{ ok: true; seats: Map<string, SeatedEntrant> } | { ok: false; error: string }> {
  const seats = new Map<string, SeatedEntrant>();
  if (!names.length) return { ok: true, seats };
  const all = await store.list();
  for (const name of names) {
    const key = entrantKey(name);
    const entrant: Entrant | undefined = all.find((e) => entrantKey(e.name) === key);
    if (!entrant || seats.has(key)) continue;
    const refused = await seatRefusal(entrant, asker);
    if (refused) return { ok: false, error: refused };
    const token = entrant.kind === 'mcp' ? mintSeatToken() : undefined;
    const byOwner = !asker.author || asker.author.id === entrant.owner.id || asker.admin;
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
      ...(!byOwner && entrant.open && entrant.kind === 'openai' ? { budget: entrant.open } : {}),
    };
    seats.set(key, { name: entrant.name, record, ...(token ? { token } : {}) });
  }
  return { ok: true, seats };
}
