import type { IAgentRuntime } from '@elizaos/core';
import { ChainCheck, verifyChain, type LogEntry } from '@the-house/games/engine/eventLog.ts';
import { databaseErrorText } from './databaseErrorText.ts';
import { FencedOut } from './rowWriter.ts';
import type { LiveMatchFiles } from './liveMatchFiles.ts';
import { MatchIndex, OPEN } from './matchIndex.ts';
import { checkRow, rowOf, type Read, type Row } from './storeRows.ts';
import { storedHeadIds } from './storedHeads.ts';
import { inWindow, windowRange, type RoundsWanted, type RoundWindow } from './records/matchWindow.ts';
import { migrateSeats } from './seats/migrateSeats.ts';
import { restoreRepeats, shareRepeats, type SharedValue } from './sharedValues.ts';
import { agentSeats } from './seats/seatSpec.ts';
import type { MatchStatus, MatchSummary, StoredMatch } from './types.ts';

const headKey = (id: string) => `house:match:${id}`;
const chunkKey = (id: string, list: ListName, n: number) => `house:match:${id}:${list}:${n}`;
const summaryKey = (id: string) => `house:match:${id}:summary`;
/** The row a probe of the database writes. */
const PROBE_KEY = 'house:probe';

/** The lists of a match that only grow; they are saved in chunks so a save costs one phase, not the whole match. */
const LISTS = ['log', 'history', 'calls', 'phases'] as const;
export type ListName = (typeof LISTS)[number];

/**
 * Entries per chunk row of a match saved from now on: a save rewrites the
 * last, partly filled, chunk of each list in its head row, so this bounds
 * what every save writes (issue 39: at 64, an 8-player Trust match's tails
 * were 106 kB of its head by round 60).
 */
export const CHUNK = 16;

/** Entries per chunk of a match whose head names no size: what every match was saved with before `chunk`. */
export const FIRST_CHUNK = 64;

/** The chunk size a head row says its lists were saved with. */
const chunkOf = (head: { chunk?: unknown }): number => (head.chunk === CHUNK || head.chunk === FIRST_CHUNK ? head.chunk : FIRST_CHUNK);

/** The most chunk rows of one list read while looking for what is left of a match whose head row is lost. */
const MAX_PROBED_CHUNKS = 100_000;

/** Per list: a count of full chunks. */
type Lengths = Record<ListName, number>;

interface Head extends Omit<StoredMatch, 'log' | 'history'> {
  log: never[];
  history: never[];
  full?: Lengths;
  tails?: Record<ListName, unknown[]>;
  /** Hash of the log's last entry when saved: the chain read back must end there. */
  logHead?: string;
  /** Per list, the checksum of each full chunk as written: a chunk read back must be that one. */
  sums?: Record<ListName, string[]>;
  /** The round of each full chunk's first entry, for the log and the history: a window of rounds reads only the chunks it needs. */
  starts?: Record<WindowList, number[]>;
  /** Entries per full chunk of its lists; FIRST_CHUNK when absent. */
  chunk?: number;
  /** The game's state with its repeated objects written once (`sharedValues.ts`); `state` is null then. */
  sharedState?: SharedValue;
}

/** The lists a window of rounds is read from. */
type WindowList = 'log' | 'history';

/** A window of a closed match's rounds, read without the rest of it: the head's fields, the log and history within the window, no record lists. */
export interface WindowRead {
  match: StoredMatch;
  window: RoundWindow;
}

/** A round's number as an entry carries it (a log entry, a round report). */
const roundOfEntry = (entry: unknown): number => {
  const round = (entry as { round?: unknown } | null)?.round;
  return typeof round === 'number' && Number.isFinite(round) ? round : 0;
};

const isHead = (value: unknown): value is Head => !!value && typeof value === 'object' && Array.isArray((value as Head).players) && typeof (value as Head).game === 'string';

/** A head row as its readers take it: its state whole (restored from `sharedState`); null when it is not a head, or its shared state does not read back. */
function openHead(value: unknown): Head | null {
  if (!isHead(value)) return null;
  if (value.sharedState === undefined) return value;
  const restored = restoreRepeats(value.sharedState);
  if (!restored) return null;
  const { sharedState: _shared, ...head } = value;
  return { ...head, state: restored.value } as Head;
}

/** A write the database would not take, after retries. */
export class StoreError extends Error {}

/**
 * A match read back: whole (`repaired`: the rows its running match's files
 * gave back, in words, when the database had lost or garbled some), or
 * damaged (what is missing or broken) with what is intact of it: the rows
 * that could be read, each list up to its first broken chunk, the log up to
 * its first broken link.
 */
export type LoadedMatch =
  | { ok: true; match: StoredMatch; repaired?: string }
  | {
      ok: false;
      damage: string;
      match: StoredMatch | null;
      /** How long the log is by its head row (what a file must cover to stand in for it); absent when the head is lost. */
      logLength?: number;
      /** The head row is lost: `match` holds only what the summary row and the chunks still there say (no seed, config or seats' record). */
      headLost?: boolean;
    };

export interface StoreOptions {
  /** Tries per write before it counts as failed. */
  attempts?: number;
  /** Wait before the second try; doubles each time. */
  backoffMs?: number;
  /** A running match's files: each match row is copied there as it is written, and read back from there when the database lost it. */
  live?: LiveMatchFiles | null;
  /** Where the store's own lines go (an index rebuilt): the host log. */
  log?: (line: string) => void;
  /** The ids of the matches whose head rows are stored; plugin-sql's cache table by default. */
  storedIds?: () => Promise<string[] | null>;
  /** How a row is written; the runtime's setCache by default (a host with a lease: only under its epoch, rowWriter.ts). */
  setRow?: (key: string, value: unknown) => Promise<boolean>;
}

function lists(match: StoredMatch): Record<ListName, unknown[]> {
  return { log: match.log, history: match.history, calls: match.record.calls, phases: match.record.phases };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A list read back: its entries up to the first chunk that could not be read (all of them, and its tail, when `whole`). */
interface ReadList {
  entries: unknown[];
  whole: boolean;
}

/** What a load found to repair (and the rows to write back) and what it could not. */
interface LoadFixes {
  repaired: string[];
  restore: Array<[string, Row]>;
  problems: string[];
}

/**
 * Matches in the House runtime's cache table (plugin-sql: PGLite or
 * PostgreSQL). A match is a head row (state, seats, options, and for each
 * growing list (the hash-chained log, the round history, the model calls, the
 * phase traces) its length and its last, partly filled chunk) plus one row per
 * full chunk of 64 entries. A save writes the chunks filled since the last
 * save, then the head: usually one write per phase, and never the whole
 * match. A crash in between leaves the previous head, which reads only the
 * chunks it knew and its own tails, so a reader sees the previous phase or
 * the new one, never half. Rows wrap JSON text (`{json}`), not values: jsonb
 * reorders object keys, and the log's hash chain covers their exact order.
 *
 * Every write is checked and retried; one the database keeps refusing throws
 * a StoreError (the House pauses that match rather than play on unsaved).
 * Each match row is also copied to the match's running files (`live`) once
 * the database took it. Every read is checked: a missing or garbled row is
 * taken from those files when their copy checks out (its checksum, the one
 * its head names, the log's chain) and written back; otherwise a missing or
 * short chunk, or a log whose chain does not end at the saved head, makes the
 * match `damaged`, never served as whole. Beside the matches: the index of
 * every match id (creation order) and the ids still open (`MatchIndex`:
 * checked, and rebuilt from the stored heads when it is lost or leaves one
 * out), and a small summary row per match (what the House tab lists without
 * loading a closed match).
 */
export class MatchStore {
  /** How many full chunks of each list are stored, per match. */
  private readonly written = new Map<string, Lengths>();
  /** Entries per chunk of each match read back (CHUNK for one this process saved first). */
  private readonly chunkSizes = new Map<string, number>();
  /** The checksums of those chunks (null: written before checksums, so a resave writes every chunk again). */
  private readonly sums = new Map<string, Record<ListName, string[]> | null>();
  /** The status each match had at its last save, so the summary row is written when it changes. */
  private readonly savedStatus = new Map<string, MatchStatus>();
  /** The save of each match still writing, so the next one waits for it. */
  private readonly saving = new Map<string, Promise<void>>();
  private readonly index: MatchIndex;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly live: LiveMatchFiles | null;
  /** Matches whose rows this process copied to their running files: their closing save is copied too, until the files go. */
  private readonly filed = new Set<string>();
  private readonly setRow: (key: string, value: unknown) => Promise<boolean>;

  constructor(
    private readonly runtime: IAgentRuntime,
    options: StoreOptions = {},
  ) {
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.backoffMs = Math.max(0, options.backoffMs ?? 100);
    this.live = options.live ?? null;
    this.setRow = options.setRow ?? ((key, value) => runtime.setCache(key, value));
    const log = options.log ?? ((line: string) => runtime.logger?.error?.(`House: ${line}`));
    const storedIds = options.storedIds ?? (() => storedHeadIds(runtime));
    this.index = new MatchIndex({
      raw: (key) => this.runtime.getCache<unknown>(key),
      check: checkRow,
      write: async (key, value) => void (await this.put(key, value)),
      storedIds,
      fileIds: () => this.live?.ids() ?? [],
      headOf: async (id) => {
        const head = await this.headRow(id);
        return head ? { createdAt: Number(head.value.createdAt) || 0, status: head.value.status } : null;
      },
      hasRemains: async (id) => {
        const summary = await this.read(summaryKey(id));
        return summary.ok || !summary.missing;
      },
      log,
    });
  }

  private async read<T>(key: string): Promise<Read<T>> {
    return checkRow<T>(await this.runtime.getCache<Partial<Row>>(key));
  }

  private async text<T>(key: string): Promise<T | null> {
    const read = await this.read<T>(key);
    return read.ok ? read.value : null;
  }

  /** A match's copy of a row in its running files, checked as a database row is; null when there is none that checks out. */
  private fromFiles<T>(id: string, name: string): (Read<T> & { ok: true }) | null {
    if (!this.live) return null;
    const read = checkRow<T>(this.live.read(id, name));
    return read.ok ? read : null;
  }

  /** A match's head row: the database's, else its running files' copy. */
  private async headRow(id: string): Promise<{ value: Head } | null> {
    const read = await this.read<Head>(headKey(id));
    if (read.ok && isHead(read.value)) return read;
    const copy = this.fromFiles<Head>(id, 'head');
    return copy && isHead(copy.value) ? copy : null;
  }

  /** One checked write: retried with backoff, then a StoreError naming the row (and the database's reason, without the query's values); fenced out, at once. */
  private async write(key: string, value: unknown): Promise<void> {
    let why = 'the database refused the write';
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      try {
        if (await this.setRow(key, value)) return;
      } catch (error) {
        // Another host holds the House now: trying again cannot help, and must not.
        if (error instanceof FencedOut) throw new StoreError(`could not save ${key}: ${error.message}`);
        why = databaseErrorText(error instanceof Error ? error.message : String(error));
      }
      if (attempt < this.attempts) await sleep(this.backoffMs * 2 ** (attempt - 1));
    }
    throw new StoreError(`could not save ${key} after ${this.attempts} tries: ${why}`);
  }

  /** Writes a row (and its copy in the match's running files, as `file`); returns its checksum. */
  private async put(key: string, value: unknown, file?: { id: string; name: string }): Promise<string> {
    const row = rowOf(value);
    await this.write(key, row);
    if (file) this.live?.write(file.id, file.name, row);
    return row.sum;
  }

  /** Every match id, oldest first. */
  async ids(): Promise<string[]> {
    return [...(await this.index.load()).all];
  }

  /** Ids of the matches still open (lobby, running, paused), oldest first: what the House resumes on start. */
  async openIds(): Promise<string[]> {
    const { all, open } = await this.index.load();
    return all.filter((id) => open.has(id));
  }

  /** A match's summary row (written whenever its status changed), or null. */
  summary(id: string): Promise<MatchSummary | null> {
    return this.text<MatchSummary>(summaryKey(id));
  }

  async load(id: string): Promise<LoadedMatch> {
    const fixes: LoadFixes = { repaired: [], restore: [], problems: [] };
    const found = await this.loadHead(id, fixes);
    if (!found.ok) return found.lost;
    const { full, tails, logHead, sums, starts: _starts, chunk: _chunk, ...rest } = found.head;
    if (!full || !tails) return { ok: true, match: migrateSeats(rest) as unknown as StoredMatch };
    const size = chunkOf(found.head);
    const [log, history, calls, phases] = await Promise.all(LISTS.map((list) => this.readList(id, list, size, full, tails, sums, fixes)));
    const stored = migrateSeats(rest) as unknown as StoredMatch;
    const match: StoredMatch = {
      ...stored,
      log: log!.entries as StoredMatch['log'],
      history: history!.entries as StoredMatch['history'],
      record: { ...stored.record, calls: calls!.entries as StoredMatch['record']['calls'], phases: phases!.entries as StoredMatch['record']['phases'] },
    };
    const { repaired, restore, problems } = fixes;
    if (problems.length === 0) {
      const chain = verifyChain(match.log, logHead);
      if (!chain.ok) problems.push(`its log breaks at entry ${chain.at}: ${chain.reason}`);
    }
    const logLength = (Number.isInteger(full.log) ? full.log : 0) * size + (Array.isArray(tails.log) ? tails.log.length : 0);
    if (problems.length) return { ok: false, damage: [...repaired, ...problems].join('; '), match: intactPart(match), logLength };
    const unwritten = await this.writeBack(restore);
    this.written.set(id, { ...full });
    this.chunkSizes.set(id, size);
    this.sums.set(id, sums ? { log: [...sums.log], history: [...sums.history], calls: [...sums.calls], phases: [...sums.phases] } : null);
    this.savedStatus.set(id, match.status);
    if (!repaired.length) return { ok: true, match };
    return { ok: true, match, repaired: `${repaired.join('; ')}${unwritten ? ` (${unwritten})` : ''}` };
  }

  /** A match's head row, or its copy in the running files (a repair, to write back); what is left of the match when neither is a head. */
  private async loadHead(id: string, fixes: LoadFixes): Promise<{ ok: true; head: Head } | { ok: false; lost: LoadedMatch }> {
    const read = await this.read<Head>(headKey(id));
    const head = read.ok ? openHead(read.value) : null;
    if (head) return { ok: true, head };
    const why = read.ok ? 'is not a match' : read.why;
    const copy = this.fromFiles<Head>(id, 'head');
    const copied = copy ? openHead(copy.value) : null;
    if (!copy || !copied) return { ok: false, lost: { ok: false, damage: `its head row ${why}`, match: await this.remains(id), headLost: true } };
    fixes.repaired.push(`its head row ${why}`);
    fixes.restore.push([headKey(id), copy.row]);
    return { ok: true, head: copied };
  }

  /** One list of a match, chunk by chunk (a damaged chunk from its running-file copy when that is whole), up to its first lost chunk. */
  private async readList(id: string, list: ListName, size: number, full: Lengths, tails: Record<ListName, unknown[]>, sums: Head['sums'], fixes: LoadFixes): Promise<ReadList> {
    const count = Number.isInteger(full[list]) && full[list] >= 0 ? full[list] : 0;
    const chunks = await Promise.all(Array.from({ length: count }, (_, n) => this.read<unknown[]>(chunkKey(id, list, n))));
    const entries: unknown[] = [];
    let whole = true;
    chunks.forEach((chunk, n) => {
      const which = `${list} chunk ${n + 1} of ${count}`;
      const range = `(entries ${n * size}..${(n + 1) * size - 1})`;
      const named = sums?.[list]?.[n];
      const problem = chunkProblem(chunk, named, which, range, list, n, size);
      let value = chunk.ok && !problem ? chunk.value : null;
      if (problem) {
        const copy = this.fromFiles<unknown[]>(id, `${list}.${n}`);
        if (copy && !chunkProblem(copy, named, which, range, list, n, size)) {
          value = copy.value;
          fixes.repaired.push(problem);
          fixes.restore.push([chunkKey(id, list, n), copy.row]);
        } else fixes.problems.push(problem);
      }
      if (value && whole) entries.push(...value);
      else whole = false;
    });
    if (whole) entries.push(...(Array.isArray(tails[list]) ? tails[list] : []));
    return { entries, whole };
  }

  /**
   * Checks a match as `load` does (every row's checksum, each chunk the one
   * its head names, the log's chain ending at its head), a chunk at a time:
   * a long match is checked without being held whole. `visit` sees each
   * list's entries as they are read (its tail last). Null when whole; else
   * what is wrong, in words (`load` then says it in full, and repairs what
   * it can).
   */
  async check(id: string, visit: (list: ListName, entries: unknown[]) => void = () => {}): Promise<string | null> {
    const read = await this.read<Head>(headKey(id));
    if (!read.ok) return `its head row ${read.why}`;
    const head = openHead(read.value);
    if (!head) return 'its head row is not a match';
    const { full, tails, logHead, sums } = head;
    const size = chunkOf(head);
    if (!full || !tails) return (await this.load(id)).ok ? null : 'it cannot be read whole';
    const chain = new ChainCheck();
    for (const list of LISTS) {
      const count = Number.isInteger(full[list]) && full[list] >= 0 ? full[list] : 0;
      for (let n = 0; n < count; n++) {
        const chunk = await this.read<unknown[]>(chunkKey(id, list, n));
        const problem = chunkProblem(chunk, sums?.[list]?.[n], `${list} chunk ${n + 1} of ${count}`, `(entries ${n * size}..${(n + 1) * size - 1})`, list, n, size);
        if (problem) return problem;
        const entries = (chunk as { value: unknown[] }).value;
        if (list === 'log') chain.add(entries as LogEntry[]);
        visit(list, entries);
      }
      const tail = Array.isArray(tails[list]) ? tails[list] : [];
      if (list === 'log') chain.add(tail as LogEntry[]);
      visit(list, tail);
    }
    const ended = chain.end(logHead);
    return ended.ok ? null : `its log breaks at entry ${ended.at}: ${ended.reason}`;
  }

  /**
   * A window of a match's rounds (`wanted`, within its first and last round
   * played): its head's fields, and the log entries and round reports of
   * those rounds, read from the chunks that hold them (each checked against
   * the checksum its head names); the record's lists are left empty. Null
   * when that cannot be read so (a head saved before windows, a row that
   * does not check out): the caller reads the match whole.
   */
  async loadWindow(id: string, wanted: RoundsWanted = {}): Promise<WindowRead | null> {
    const read = await this.read<Head>(headKey(id));
    const head = read.ok ? openHead(read.value) : null;
    if (!head) return null;
    const { full, tails, logHead: _logHead, sums, starts, chunk: _chunk, ...rest } = head;
    const size = chunkOf(head);
    if (!full || !tails || !starts || !Array.isArray(starts.log) || !Array.isArray(starts.history)) return null;
    const history = Array.isArray(tails.history) ? tails.history : [];
    const first = full.history > 0 ? (starts.history[0] ?? 0) : roundOfEntry(history[0] ?? { round: (rest.state as { round?: unknown } | null)?.round });
    const last = Math.max(first, roundOfEntry(history.at(-1) ?? { round: first }));
    const window = windowRange(first, last, wanted);
    const pick = async (list: WindowList): Promise<unknown[] | null> => {
      const count = Number.isInteger(full[list]) && full[list] >= 0 ? full[list] : 0;
      const tail = Array.isArray(tails[list]) ? tails[list] : [];
      const entries: unknown[] = [];
      for (let n = 0; n < count; n++) {
        const from = starts[list][n];
        const upTo = n + 1 < count ? starts[list][n + 1] : tail.length ? roundOfEntry(tail[0]) : Infinity;
        if (typeof from !== 'number' || typeof upTo !== 'number') return null;
        // The chunk holds rounds from..upTo: read it only when they meet the window (open at the match's ends).
        const lo = window.from <= window.first ? -Infinity : window.from;
        const hi = window.to >= window.last ? Infinity : window.to;
        if (from > hi || upTo < lo) continue;
        const chunk = await this.read<unknown[]>(chunkKey(id, list, n));
        if (chunkProblem(chunk, sums?.[list]?.[n], list, '', list, n, size)) return null;
        entries.push(...(chunk as { value: unknown[] }).value);
      }
      entries.push(...tail);
      return entries.filter((e) => inWindow(roundOfEntry(e), window));
    };
    const [log, rounds] = await Promise.all([pick('log'), pick('history')]);
    if (!log || !rounds) return null;
    const stored = migrateSeats(rest) as unknown as StoredMatch;
    return { match: { ...stored, log: log as StoredMatch['log'], history: rounds as StoredMatch['history'], record: { ...stored.record, calls: [], phases: [] } }, window };
  }

  /** Rows taken from a match's running files go back into the database; why not, when the database refuses. */
  private async writeBack(rows: ReadonlyArray<[string, Row]>): Promise<string | null> {
    try {
      for (const [key, row] of rows) await this.write(key, row);
      return null;
    } catch (error) {
      return `not yet written back: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  /**
   * What is left of a match whose head row is lost and has no copy: its
   * summary row's game and seats, and each list's chunks read in order while
   * they are there and whole (each by its own checksum; nothing names them
   * any more), the log up to its first broken link. Null with no summary.
   */
  private async remains(id: string): Promise<StoredMatch | null> {
    const summary = await this.summary(id);
    if (!summary || typeof summary.game !== 'string' || !Array.isArray(summary.players)) return null;
    const probe = async (list: ListName): Promise<unknown[]> => {
      const entries: unknown[] = [];
      // Nothing names the chunks' size any more: the first chunk's (one of the two sizes ever used), and every chunk after it the same.
      let size = 0;
      for (let n = 0; n < MAX_PROBED_CHUNKS; n++) {
        const chunk = await this.read<unknown[]>(chunkKey(id, list, n));
        if (!chunk.ok || !Array.isArray(chunk.value)) break;
        if (n === 0 && (chunk.value.length === CHUNK || chunk.value.length === FIRST_CHUNK)) size = chunk.value.length;
        if (chunk.value.length !== size) break;
        entries.push(...chunk.value);
      }
      return entries;
    };
    const [log, history] = await Promise.all([probe('log'), probe('history')]);
    const players = summary.players.map((p) => p.name);
    return intactPart({
      id,
      game: summary.game,
      seed: 0,
      config: null,
      status: summary.status,
      players,
      channelId: null,
      serverId: null,
      state: null,
      log: log as StoredMatch['log'],
      history: history as StoredMatch['history'],
      origin: null,
      postedRound: 0,
      options: { budget: {} } as StoredMatch['options'],
      record: { seats: {}, calls: [], phases: [] } as unknown as StoredMatch['record'],
      paused: null,
      seats: agentSeats(players),
      rooms: {},
      createdAt: summary.createdAt ?? 0,
      updatedAt: 0,
    });
  }

  /**
   * Saves a match: new full chunks, then its head, then the index when the
   * match is new or opens or closes, and `summary` (when given) whenever the
   * status changed. Throws a StoreError when a write fails for good.
   */
  save(match: StoredMatch, summary?: MatchSummary): Promise<void> {
    // Saves of one match run one after another, each with the status it was called with:
    // a phase's save still writing when `!stop` saves must not put its older summary last.
    const status = match.status;
    const before = this.saving.get(match.id) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(() => this.saveNow(match, status, summary));
    this.saving.set(match.id, next);
    const clear = () => {
      if (this.saving.get(match.id) === next) this.saving.delete(match.id);
    };
    next.then(clear, clear);
    return next;
  }

  private async saveNow(match: StoredMatch, status: MatchStatus, summary?: MatchSummary): Promise<void> {
    // The index is read before the first head is written: read after it, a new House's index would seem lost, that head unlisted.
    await this.index.load();
    const known = this.sums.get(match.id);
    const size = this.chunkSizes.get(match.id) ?? CHUNK;
    const done = known === null ? { log: 0, history: 0, calls: 0, phases: 0 } : (this.written.get(match.id) ?? { log: 0, history: 0, calls: 0, phases: 0 });
    const sums: Record<ListName, string[]> = known ? { log: [...known.log], history: [...known.history], calls: [...known.calls], phases: [...known.phases] } : { log: [], history: [], calls: [], phases: [] };
    const now = lists(match);
    // Only a match still open keeps running files (and its closing save, so they agree until they go); a closed match read back and repaired has its signed file.
    const filed = !!this.live && (OPEN.has(status) || this.filed.has(match.id));
    if (filed && !this.filed.has(match.id)) {
      this.filed.add(match.id);
      this.fileEarlierChunks(match, done, size);
    }
    const fileOf = (name: string) => (filed ? { id: match.id, name } : undefined);
    const full = {} as Lengths;
    const tails = {} as Record<ListName, unknown[]>;
    const writes: Array<Promise<void>> = [];
    for (const list of LISTS) {
      const items = now[list];
      // The last phase trace may still change after a save; a chunk is sealed only once an entry follows it.
      full[list] = Math.floor(Math.max(0, items.length - 1) / size);
      sums[list].length = Math.min(sums[list].length, done[list], full[list]);
      for (let n = Math.min(done[list], full[list]); n < full[list]; n++) {
        writes.push(this.put(chunkKey(match.id, list, n), items.slice(n * size, (n + 1) * size), fileOf(`${list}.${n}`)).then((sum) => void (sums[list][n] = sum)));
      }
      tails[list] = items.slice(full[list] * size);
    }
    await Promise.all(writes);
    const { log: _log, history: _history, record, state, ...rest } = match;
    const sharedState = shareRepeats(state);
    const logHead = match.log.length ? match.log[match.log.length - 1]!.hash : undefined;
    const starts = { log: chunkStarts(now.log, full.log, size), history: chunkStarts(now.history, full.history, size) };
    await this.put(headKey(match.id), { ...rest, ...(sharedState ? { state: null, sharedState } : { state }), status, record: { ...record, calls: [], phases: [] }, log: [], history: [], chunk: size, full, tails, logHead, sums, starts, updatedAt: Date.now() }, fileOf('head'));
    this.written.set(match.id, full);
    this.chunkSizes.set(match.id, size);
    this.sums.set(match.id, sums);
    if (summary && this.savedStatus.get(match.id) !== status) await this.put(summaryKey(match.id), summary);
    this.savedStatus.set(match.id, status);
    await this.index.update(match.id, status);
  }

  /**
   * A match this process saves to its running files for the first time (a
   * resumed one whose files were lost, or were never made) gets the chunks
   * sealed before: the same rows as in the database, so each can stand in
   * for its row.
   */
  private fileEarlierChunks(match: StoredMatch, done: Lengths, size: number): void {
    const have = this.live!.names(match.id);
    const now = lists(match);
    for (const list of LISTS) {
      for (let n = 0; n < done[list] && (n + 1) * size <= now[list].length; n++) {
        if (!have.has(`${list}.${n}`)) this.live!.write(match.id, `${list}.${n}`, rowOf(now[list].slice(n * size, (n + 1) * size)));
      }
    }
  }

  /**
   * Whether the database takes a write now: one small row, tried once and
   * never retried (what a match paused by a refused save waits for).
   */
  async probe(): Promise<boolean> {
    try {
      return (await this.runtime.setCache(PROBE_KEY, Date.now())) === true;
    } catch {
      return false;
    }
  }

  /** Forgets what it tracked of a match that left memory (it is read from the database when asked for again). */
  forget(id: string): void {
    this.written.delete(id);
    this.chunkSizes.delete(id);
    this.sums.delete(id);
    this.savedStatus.delete(id);
  }

  /** Once the running files' writes handed over so far are done (a stopping House waits for them). */
  filesSettled(): Promise<void> {
    return this.live?.settled() ?? Promise.resolve();
  }

  /** A closed match's running files go, once its signed match file holds it. */
  dropFiles(id: string): void {
    this.filed.delete(id);
    this.live?.remove(id);
  }
}

/** The round of each full chunk's first entry. */
function chunkStarts(items: readonly unknown[], chunks: number, size: number): number[] {
  return Array.from({ length: chunks }, (_, n) => roundOfEntry(items[n * size]));
}

/** What is wrong with a chunk read back (the database's or a file's copy), in words; null when it is the one the head names. */
function chunkProblem(chunk: Read<unknown[]>, named: string | undefined, which: string, range: string, list: ListName, n: number, size: number): string | null {
  if (!chunk.ok) return `${which} ${chunk.why} ${range}`;
  if (!Array.isArray(chunk.value)) return `${which} is not a list ${range}`;
  if (chunk.value.length !== size) return `${list} chunk ${n + 1} holds ${chunk.value.length} of ${size} entries`;
  if (named !== undefined && named !== chunk.sum) return `${which} is not the one its head row names ${range}`;
  return null;
}

/**
 * The part of a damaged match that can still be served: its log up to the
 * first entry whose link is broken, and its round reports as far as they
 * were read (each list is already cut at its first unreadable chunk).
 */
export function intactPart(match: StoredMatch): StoredMatch {
  const chain = verifyChain(match.log);
  return chain.ok ? match : { ...match, log: match.log.slice(0, chain.at) };
}

