import { expect, test } from 'bun:test';
import fc from 'fast-check';
import type { RoundDigest } from '@the-house/games/engine/types.ts';
import type { PlayerNotes } from './opponentNotes.ts';
import { notesKey } from './playerView.ts';
import { JOURNAL_CHUNK, journalChunkKey, notesRows, readStoredNotes } from './storedNotes.ts';

const digest = (round: number): RoundDigest => ({ round, line: `round ${round}: Ada HIGH_FIVE at Bram`, tally: { HIGH_FIVE: 1 } });
const notesAt = (rounds: number): PlayerNotes => ({
  matchId: 'trust-7',
  round: rounds,
  opponents: { Bram: { trust: rounds, betrayals: 0, debts: 0, lastSeen: `round ${rounds}: HIGH_FIVE at Ada` } },
  journal: Array.from({ length: rounds }, (_, i) => digest(i + 1)),
});

/** A cache table: each round's rows written in order. */
function store() {
  const rows = new Map<string, unknown>();
  return { rows, get: async (key: string) => rows.get(key) ?? null, put: (written: Array<[string, unknown]>) => written.forEach(([k, v]) => rows.set(k, structuredClone(v))) };
}

test('a round saves the head alone until the journal fills a chunk; the chunk is written once, before the head that names it', () => {
  const seven = notesRows(notesAt(7), 0);
  expect(seven.rows.map(([key]) => key)).toEqual([notesKey('trust-7')]);
  expect((seven.rows[0]![1] as PlayerNotes).journal).toHaveLength(7);

  const eight = notesRows(notesAt(JOURNAL_CHUNK), seven.sealed);
  expect(eight.rows.map(([key]) => key)).toEqual([journalChunkKey('trust-7', 0), notesKey('trust-7')]);
  expect(eight.rows[1]![1]).toMatchObject({ journalChunks: 1, journal: [] });
  expect(eight.sealed).toBe(1);

  const nine = notesRows(notesAt(9), eight.sealed);
  expect(nine.rows.map(([key]) => key)).toEqual([notesKey('trust-7')]);
  expect(nine.rows[0]![1]).toMatchObject({ journalChunks: 1, journal: [digest(9)] });
});

test('notes saved round by round read back whole, whichever round the host stopped after', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 60 }), async (rounds) => {
      const db = store();
      let sealed = 0;
      for (let r = 1; r <= rounds; r++) {
        const saved = notesRows(notesAt(r), sealed);
        db.put(saved.rows);
        sealed = saved.sealed;
      }
      const read = await readStoredNotes('trust-7', db.get);
      if (rounds === 0) return expect(read).toBeNull();
      expect(read!.notes).toEqual(notesAt(rounds));
      expect(read!.sealed).toBe(Math.floor(rounds / JOURNAL_CHUNK));
    }),
  );
});

test('notes saved whole (before chunks) read as they are, and their next save writes the chunks the journal fills', async () => {
  const db = store();
  db.rows.set(notesKey('trust-7'), notesAt(20));
  const read = await readStoredNotes('trust-7', db.get);
  expect(read).toEqual({ notes: notesAt(20), sealed: 0 });
  const next = notesRows(notesAt(21), read!.sealed);
  expect(next.rows.map(([key]) => key)).toEqual([journalChunkKey('trust-7', 0), journalChunkKey('trust-7', 1), notesKey('trust-7')]);
  db.put(next.rows);
  expect((await readStoredNotes('trust-7', db.get))!.notes).toEqual(notesAt(21));
});

test('a lost chunk costs its rounds of the journal, not the notes; the next save writes every chunk again from what was read', async () => {
  const db = store();
  let sealed = 0;
  for (let r = 1; r <= 20; r++) {
    const saved = notesRows(notesAt(r), sealed);
    db.put(saved.rows);
    sealed = saved.sealed;
  }
  db.rows.delete(journalChunkKey('trust-7', 0));
  const read = await readStoredNotes('trust-7', db.get);
  expect(read!.sealed).toBe(0);
  expect(read!.notes.opponents).toEqual(notesAt(20).opponents);
  expect(read!.notes.journal!.map((d) => d.round)).toEqual(Array.from({ length: 12 }, (_, i) => i + 9));
  const next = notesRows({ ...read!.notes, journal: [...read!.notes.journal!, digest(21)] }, read!.sealed);
  db.put(next.rows);
  expect((await readStoredNotes('trust-7', db.get))!.notes.journal!.map((d) => d.round)).toEqual(Array.from({ length: 13 }, (_, i) => i + 9));
});

test('a head whose chunk count is not a count reads its own rows only', async () => {
  for (const journalChunks of ['__proto__', -1, 1.5, Number.NaN, { n: 1 }]) {
    const db = store();
    db.rows.set(notesKey('trust-7'), { ...notesAt(3), journalChunks });
    expect(await readStoredNotes('trust-7', db.get)).toEqual({ notes: notesAt(3), sealed: 0 });
  }
});
