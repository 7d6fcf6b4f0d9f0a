import type { RoundDigest } from '@the-house/games/engine/types.ts';
import type { PlayerNotes } from './opponentNotes.ts';
import { notesKey } from './playerView.ts';

/** Journal entries a sealed chunk holds: a round's save rewrites at most this many of them. */
export const JOURNAL_CHUNK = 8;

/** The notes row as stored: the journal's sealed chunks are rows of their own, named by `journalChunks`; `journal` is the rest. */
export interface NotesHead extends PlayerNotes {
  journalChunks?: number;
}

export function journalChunkKey(matchId: string, n: number): string {
  return `${notesKey(matchId)}:journal:${n}`;
}

/** A key and the value to store under it. */
export type NotesRow = [key: string, value: unknown];

/**
 * The rows that store `notes` after a round, given how many journal chunks
 * are stored already (`sealed`): each chunk filled since, then the head.
 * The journal only grows, so a chunk once full never changes; saved whole,
 * a match's notes were rewritten every round, a few hundred bytes more each
 * round (6.7 kB a player at round 30 of Trust). `sealed` comes back as the
 * chunks stored once these rows are.
 */
export function notesRows(notes: PlayerNotes, sealed: number): { rows: NotesRow[]; sealed: number } {
  const journal = notes.journal ?? [];
  const full = Math.floor(journal.length / JOURNAL_CHUNK);
  const rows: NotesRow[] = [];
  for (let n = Math.min(sealed, full); n < full; n++) rows.push([journalChunkKey(notes.matchId, n), journal.slice(n * JOURNAL_CHUNK, (n + 1) * JOURNAL_CHUNK)]);
  const { journal: _journal, ...rest } = notes;
  const head: NotesHead = { ...rest, ...(full > 0 ? { journalChunks: full } : {}), ...(notes.journal ? { journal: journal.slice(full * JOURNAL_CHUNK) } : {}) };
  rows.push([notesKey(notes.matchId), head]);
  return { rows, sealed: full };
}

const isDigest = (d: unknown): d is RoundDigest => !!d && typeof d === 'object' && typeof (d as RoundDigest).round === 'number';

/** Longest journal read back, in chunks: a head naming more is not the House's. */
const MAX_CHUNKS = 10_000;

/**
 * A match's notes read back (`get` reads a row), with how many journal
 * chunks are stored; a head with its journal inline (saved before chunks)
 * reads as it is. A chunk that is missing or not a list of digests is left
 * out, so the journal lacks those rounds rather than the player its notes;
 * then none counts as stored, and the next save writes every chunk again
 * from the journal as read.
 */
export async function readStoredNotes(matchId: string, get: (key: string) => Promise<unknown>): Promise<{ notes: PlayerNotes; sealed: number } | null> {
  const head = (await get(notesKey(matchId))) as NotesHead | null | undefined;
  if (!head || typeof head !== 'object') return null;
  const { journalChunks, ...notes } = head;
  const chunks = Number.isSafeInteger(journalChunks) && journalChunks! > 0 ? Math.min(journalChunks!, MAX_CHUNKS) : 0;
  if (chunks === 0) return { notes, sealed: 0 };
  const read = await Promise.all(Array.from({ length: chunks }, (_, n) => get(journalChunkKey(matchId, n))));
  const whole = read.every((chunk) => Array.isArray(chunk) && chunk.length === JOURNAL_CHUNK && chunk.every(isDigest));
  const sealedPart = read.flatMap((chunk) => (Array.isArray(chunk) ? chunk.filter(isDigest) : []));
  return { notes: { ...notes, journal: [...sealedPart, ...(Array.isArray(notes.journal) ? notes.journal : [])] }, sealed: whole ? chunks : 0 };
}
