import { mayControl } from '../access.ts';
import type { HouseCommand } from '../commands/parse.ts';
import { matchByRef, tableOf } from '../tables.ts';
import type { Table } from '../table/table.ts';
import { damagedMatchText, notHereText, severalOpenText, severalSeatsText } from '../texts/deskTexts.ts';
import type { CommandAuthor } from '../types.ts';
import type { DeskHost } from './deskHost.ts';
import { NO_TARGET, type Target } from './deskRequest.ts';
import { inGameRoom, openAt, openedBy, tablesOf } from './deskTables.ts';
import { seatOf } from './seatOf.ts';

/** A target, or the one line that says why the command cannot find one. */
export type Found = Target & { readonly error?: string };

/**
 * Where else a command's match may be, once neither `--match` nor the room
 * it was typed in names one:
 * - `begging`: the opener's match where the named player begs (an observer answers in their own chat);
 * - `mine`: the author's one open match (several: they are asked to say which);
 * - `mineIfOne`: the same, and nothing when they have several;
 * - `notHere`: never a match elsewhere: the author's open matches are named with the command that reaches each (`!stop` and `!start` act only where they are typed, or on `--match`);
 * - `seated`: the one running match where the author holds a seat (several: asked which);
 * - `paused`: the last paused match the author may resume;
 * - `closedHere`: the closed match whose game room it was typed in (`!audit` where the room's last line offers it);
 * - `closing`: a match at this table that just stopped or ended, still leaving memory;
 * - `lastHere`: the last match closed at this table.
 */
export type MatchSearch = 'begging' | 'mine' | 'mineIfOne' | 'notHere' | 'seated' | 'paused' | 'closedHere' | 'closing' | 'lastHere';

type Finder = (host: DeskHost, command: HouseCommand, author: CommandAuthor) => Found | null | Promise<Found | null>;

const live = (table: Table | undefined): Found | null => (table ? { live: table, stored: table.stored } : null);

async function closedMatch(host: DeskHost, id: string | undefined): Promise<Found | null> {
  const loaded = id ? await host.records.load(id) : undefined;
  return loaded?.match ? { live: null, stored: loaded.match } : null;
}

function begging(host: DeskHost, command: HouseCommand, author: CommandAuthor): Found | null {
  if (command.kind !== 'grant' && command.kind !== 'decline') return null;
  const wanted = command.player.toLowerCase();
  const asked = tablesOf(host).filter((t) => t.stored.owner?.id === author.id && t.observer.pending().some((b) => b.player.toLowerCase() === wanted));
  return asked.length === 1 ? live(asked[0]) : null;
}

function mine(host: DeskHost, author: CommandAuthor, sayWhich: boolean): Found | null {
  const open = openedBy(host, author);
  if (open.length === 1) return live(open[0]);
  return open.length > 1 && sayWhich ? { ...NO_TARGET, error: severalOpenText(open.map((t) => t.id)) } : null;
}

function notHere(host: DeskHost, command: HouseCommand, author: CommandAuthor): Found | null {
  const open = openedBy(host, author);
  return open.length ? { ...NO_TARGET, error: notHereText(command.kind, open.map((t) => t.id)) } : null;
}

function seated(host: DeskHost, author: CommandAuthor): Found | null {
  const at = tablesOf(host).filter((t) => t.stored.status === 'running' && seatOf(t.stored, author));
  if (at.length === 1) return live(at[0]);
  return at.length > 1 ? { ...NO_TARGET, error: severalSeatsText(at.map((t) => t.id)) } : null;
}

const finders: ReadonlyMap<MatchSearch, Finder> = new Map<MatchSearch, Finder>([
  ['begging', begging],
  ['mine', (host, _command, author) => mine(host, author, true)],
  ['mineIfOne', (host, _command, author) => mine(host, author, false)],
  ['notHere', notHere],
  ['seated', (host, _command, author) => seated(host, author)],
  ['paused', (host, _command, author) => live(tablesOf(host).filter((t) => t.stored.status === 'paused' && mayControl(t.stored.owner, host.settings.admins, author)).at(-1))],
  [
    'closedHere',
    (host, _command, author) => {
      const typedIn = author.origin?.channelId ?? author.room?.channelId;
      return closedMatch(host, typedIn ? host.records.closedIn(typedIn) : undefined);
    },
  ],
  [
    'closing',
    (host, _command, author) => {
      const closing = tablesOf(host).filter((t) => t.stored.table === tableOf(author)).at(-1);
      return closing ? { live: null, stored: closing.stored } : null;
    },
  ],
  ['lastHere', (host, _command, author) => closedMatch(host, host.records.lastAt(tableOf(author)))],
]);

/** The match `--match` names: open, else its record (a damaged one says so). */
async function byRef(host: DeskHost, ref: string): Promise<Found> {
  const found = matchByRef([...new Set([...host.tables.keys(), ...(await host.store.ids())])], ref);
  if (!found.ok) return { ...NO_TARGET, error: found.error };
  const open = host.tables.get(found.id);
  if (open) return { live: open, stored: open.stored };
  const loaded = await host.records.load(found.id);
  return loaded?.match ? { live: null, stored: loaded.match } : { ...NO_TARGET, error: damagedMatchText(found.id, loaded?.damage) };
}

/**
 * The match a command is about: the one it names (`--match`), else the open
 * one of the room it was typed in, else the first its declaration's searches
 * find, in their order.
 */
export async function findTarget(host: DeskHost, searches: readonly MatchSearch[], command: HouseCommand, author: CommandAuthor, ref: string | undefined): Promise<Found> {
  if (ref) return byRef(host, ref);
  const here = openAt(host, tableOf(author)) ?? inGameRoom(host, author);
  if (here) return live(here)!;
  for (const search of searches) {
    const found = await finders.get(search)!(host, command, author);
    if (found) return found;
  }
  return NO_TARGET;
}
