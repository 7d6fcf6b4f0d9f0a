import { isOpen, type Table } from '../table/table.ts';
import { publicSummary } from '../records/audience.ts';
import { tableLine } from '../texts/houseTexts.ts';
import type { CommandAuthor } from '../types.ts';
import type { DeskHost } from './deskHost.ts';

/** Every match the House holds in memory: open ones, and closed ones not yet retired. */
export function tablesOf(host: DeskHost): Table[] {
  return [...host.tables.values()];
}

/** The open match at a table. */
export function openAt(host: DeskHost, table: string): Table | null {
  return tablesOf(host).find((t) => t.stored.table === table && isOpen(t.stored.status)) ?? null;
}

/** The open match whose own game room (the GUI group, or its Discord thread) the author typed in. */
export function inGameRoom(host: DeskHost, author: CommandAuthor): Table | null {
  const typedIn = author.origin?.channelId ?? author.room?.channelId;
  if (!typedIn) return null;
  return tablesOf(host).find((t) => isOpen(t.stored.status) && (t.stored.channelId === typedIn || (!!author.origin && t.stored.origin?.channelId === typedIn))) ?? null;
}

/** The open matches the author opened. */
export function openedBy(host: DeskHost, author: CommandAuthor): Table[] {
  return tablesOf(host).filter((t) => isOpen(t.stored.status) && t.stored.owner?.id === author.id);
}

/** Matches that hold a table now (lobby or running): what `HOUSE_MAX_TABLES` bounds. */
export function busyTables(host: DeskHost): Table[] {
  return tablesOf(host).filter((t) => t.stored.status === 'lobby' || t.stored.status === 'running');
}

/** One open table as the public may read it. */
export function lineOf(host: DeskHost, table: Table): string {
  return tableLine(host.games, publicSummary(host.games, table.summary()));
}
