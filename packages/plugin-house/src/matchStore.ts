import { createHash } from 'node:crypto';
import type { IAgentRuntime } from '@elizaos/core';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { jsonKeyProblem } from '@the-house/games/engine/safeKey.ts';
import type { MatchStatus, MatchSummary, StoredMatch } from './types.ts';

const INDEX_KEY = 'house:matches';
const OPEN_KEY = 'house:open';
const headKey = (id: string) => `house:match:${id}`;
const chunkKey = (id: string, list: ListName, n: number) => `house:match:${id}:${list}:${n}`;
const summaryKey = (id: string) => `house:match:${id}:summary`;

/** The lists of a match that only grow; they are saved in chunks so a save costs one phase, not the whole match. */
const LISTS = ['log', 'history', 'calls', 'phases'] as const;
type ListName = (typeof LISTS)[number];

/** Entries per chunk row: a save rewrites at most the last, partly filled, chunk of each list. */
export const CHUNK = 64;

/** Statuses of a match the House still holds open (it resumes them on start). */
const OPEN: ReadonlySet<MatchStatus> = new Set(['lobby', 'running', 'paused']);

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
}

/** A row as stored: JSON text and its SHA-256, so an edited or corrupted row is told from a whole one. */
interface Row {
  json: string;
  sum?: string;
}

const sumOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A row read back: whole, missing, or there but unusable (and why, in words). */
type Read<T> = { ok: true; value: T; sum: string } | { ok: false; missing: boolean; why: string };

/** A write the database would not take, after retries. */
export class StoreError extends Error {}

/** A match read back: whole, or damaged (what is missing or broken), with what could be read. */
export type LoadedMatch = { ok: true; match: StoredMatch } | { ok: false; damage: string; match: StoredMatch | null };

export interface StoreOptions {
  /** Tries per write before it counts as failed. */
  attempts?: number;
  /** Wait before the second try; doubles each time. */
  backoffMs?: number;
}

function lists(match: StoredMatch): Record<ListName, unknown[]> {
  return { log: match.log, history: match.history, calls: match.record.calls, phases: match.record.phases };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
 * Every read is checked: a missing or short chunk, or a log whose chain does
 * not end at the saved head, makes the match `damaged`, never served as whole.
 * Beside the matches: the index of every match id (creation order), the ids
 * still open (what a start resumes), and a small summary row per closed match
 * (what the House tab lists without loading the match).
 */
export class MatchStore {
  /** How many full chunks of each list are stored, per match. */
  private readonly written = new Map<string, Lengths>();
  /** The checksums of those chunks (null: written before checksums, so a resave writes every chunk again). */
  private readonly sums = new Map<string, Record<ListName, string[]> | null>();
  /** The status each match had at its last save, so the summary row is written when it changes. */
  private readonly savedStatus = new Map<string, MatchStatus>();
  /** The save of each match still writing, so the next one waits for it. */
  private readonly saving = new Map<string, Promise<void>>();
  private index: Promise<{ all: string[]; open: Set<string> }> | null = null;
  private indexWrites: Promise<void> = Promise.resolve();
  private readonly attempts: number;
  private readonly backoffMs: number;

  constructor(
    private readonly runtime: IAgentRuntime,
    options: StoreOptions = {},
  ) {
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.backoffMs = Math.max(0, options.backoffMs ?? 100);
  }

  /**
   * A row, checked: its checksum (rows written before checksums have none),
   * then its JSON, then its keys (no `__proto__` or `constructor` reaches a
   * reader). Never throws for what a row holds.
   */
  private async read<T>(key: string): Promise<Read<T>> {
    const row = await this.runtime.getCache<Partial<Row>>(key);
    if (row === undefined || row === null) return { ok: false, missing: true, why: 'is missing' };
    if (typeof row !== 'object' || typeof row.json !== 'string') return { ok: false, missing: false, why: 'is not a stored match row' };
    const sum = sumOf(row.json);
    if (row.sum !== undefined && row.sum !== sum) return { ok: false, missing: false, why: 'was changed after it was written (its checksum does not match)' };
    let value: unknown;
    try {
      value = JSON.parse(row.json);
    } catch {
      return { ok: false, missing: false, why: 'is not valid JSON' };
    }
    const problem = jsonKeyProblem(value);
    if (problem) return { ok: false, missing: false, why: `holds ${problem}` };
    return { ok: true, value: value as T, sum };
  }

  private async text<T>(key: string): Promise<T | null> {
    const read = await this.read<T>(key);
    return read.ok ? read.value : null;
  }

  /** One checked write: retried with backoff, then a StoreError naming the row. */
  private async write(key: string, value: unknown): Promise<void> {
    let why = 'the database refused the write';
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      try {
        if (await this.runtime.setCache(key, value)) return;
      } catch (error) {
        why = error instanceof Error ? error.message : String(error);
      }
      if (attempt < this.attempts) await sleep(this.backoffMs * 2 ** (attempt - 1));
    }
    throw new StoreError(`could not save ${key} after ${this.attempts} tries: ${why}`);
  }

  /** Writes a row; returns its checksum. */
  private async put(key: string, value: unknown): Promise<string> {
    const json = JSON.stringify(value);
    const sum = sumOf(json);
    await this.write(key, { json, sum } satisfies Row);
    return sum;
  }

  /** Every match id and the open ones, read once; a database from before the open list gets it built from the heads. */
  private loadIndex(): Promise<{ all: string[]; open: Set<string> }> {
    this.index ??= (async () => {
      const ids = (value: unknown): string[] | null => (Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : null);
      const all = ids(await this.runtime.getCache<unknown>(INDEX_KEY)) ?? [];
      const open = ids(await this.runtime.getCache<unknown>(OPEN_KEY));
      if (open) return { all, open: new Set(open) };
      const found = new Set<string>();
      for (const id of all) {
        const head = await this.text<Head>(headKey(id));
        if (!head || OPEN.has(head.status)) found.add(id);
      }
      return { all, open: found };
    })();
    return this.index;
  }

  /** Index updates one at a time: concurrent saves of several matches must not drop each other's ids. */
  private updateIndex(id: string, status: MatchStatus): Promise<void> {
    const next = this.indexWrites.then(async () => {
      const index = await this.loadIndex();
      const isNew = !index.all.includes(id);
      const wasOpen = index.open.has(id);
      const nowOpen = OPEN.has(status);
      if (isNew) {
        index.all.push(id);
        await this.write(INDEX_KEY, [...index.all]);
      }
      if (wasOpen !== nowOpen || (isNew && nowOpen)) {
        if (nowOpen) index.open.add(id);
        else index.open.delete(id);
        await this.write(OPEN_KEY, [...index.open]);
      }
    });
    this.indexWrites = next.catch(() => {});
    return next;
  }

  /** Every match id, oldest first. */
  async ids(): Promise<string[]> {
    return [...(await this.loadIndex()).all];
  }

  /** Ids of the matches still open (lobby, running, paused), oldest first: what the House resumes on start. */
  async openIds(): Promise<string[]> {
    const { all, open } = await this.loadIndex();
    return all.filter((id) => open.has(id));
  }

  /** A closed match's summary row (written when it closed), or null. */
  summary(id: string): Promise<MatchSummary | null> {
    return this.text<MatchSummary>(summaryKey(id));
  }

  async load(id: string): Promise<LoadedMatch> {
    const read = await this.read<Head>(headKey(id));
    if (!read.ok) return { ok: false, damage: `its head row ${read.why}`, match: null };
    const head = read.value;
    if (!head || typeof head !== 'object' || !Array.isArray(head.players) || typeof head.game !== 'string') return { ok: false, damage: 'its head row is not a match', match: null };
    const { full, tails, logHead, sums, ...rest } = head;
    if (!full || !tails) return { ok: true, match: rest as unknown as StoredMatch };
    const problems: string[] = [];
    const readList = async (list: ListName): Promise<unknown[]> => {
      const count = Number.isInteger(full[list]) && full[list] >= 0 ? full[list] : 0;
      const chunks = await Promise.all(Array.from({ length: count }, (_, n) => this.read<unknown[]>(chunkKey(id, list, n))));
      chunks.forEach((chunk, n) => {
        const which = `${list} chunk ${n + 1} of ${count}`;
        const entries = `(entries ${n * CHUNK}..${(n + 1) * CHUNK - 1})`;
        if (!chunk.ok) problems.push(`${which} ${chunk.why} ${entries}`);
        else if (!Array.isArray(chunk.value)) problems.push(`${which} is not a list ${entries}`);
        else if (chunk.value.length !== CHUNK) problems.push(`${list} chunk ${n + 1} holds ${chunk.value.length} of ${CHUNK} entries`);
        else if (sums?.[list]?.[n] !== undefined && sums[list][n] !== chunk.sum) problems.push(`${which} is not the one its head row names ${entries}`);
      });
      const tail = Array.isArray(tails[list]) ? tails[list] : [];
      return [...chunks.flatMap((c) => (c.ok && Array.isArray(c.value) ? c.value : [])), ...tail];
    };
    const [log, history, calls, phases] = await Promise.all(LISTS.map(readList));
    const stored = rest as unknown as StoredMatch;
    const match: StoredMatch = {
      ...stored,
      log: log as StoredMatch['log'],
      history: history as StoredMatch['history'],
      record: { ...stored.record, calls: calls as StoredMatch['record']['calls'], phases: phases as StoredMatch['record']['phases'] },
    };
    if (problems.length === 0) {
      const chain = verifyChain(match.log, logHead);
      if (!chain.ok) problems.push(`its log breaks at entry ${chain.at}: ${chain.reason}`);
    }
    if (problems.length) return { ok: false, damage: problems.join('; '), match };
    this.written.set(id, { ...full });
    this.sums.set(id, sums ? { log: [...sums.log], history: [...sums.history], calls: [...sums.calls], phases: [...sums.phases] } : null);
    this.savedStatus.set(id, match.status);
    return { ok: true, match };
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
    const known = this.sums.get(match.id);
    const done = known === null ? { log: 0, history: 0, calls: 0, phases: 0 } : (this.written.get(match.id) ?? { log: 0, history: 0, calls: 0, phases: 0 });
    const sums: Record<ListName, string[]> = known ? { log: [...known.log], history: [...known.history], calls: [...known.calls], phases: [...known.phases] } : { log: [], history: [], calls: [], phases: [] };
    const now = lists(match);
    const full = {} as Lengths;
    const tails = {} as Record<ListName, unknown[]>;
    const writes: Array<Promise<void>> = [];
    for (const list of LISTS) {
      const items = now[list];
      // The last phase trace may still change after a save; a chunk is sealed only once an entry follows it.
      full[list] = Math.floor(Math.max(0, items.length - 1) / CHUNK);
      sums[list].length = Math.min(sums[list].length, done[list], full[list]);
      for (let n = Math.min(done[list], full[list]); n < full[list]; n++) {
        writes.push(this.put(chunkKey(match.id, list, n), items.slice(n * CHUNK, (n + 1) * CHUNK)).then((sum) => void (sums[list][n] = sum)));
      }
      tails[list] = items.slice(full[list] * CHUNK);
    }
    await Promise.all(writes);
    const { log: _log, history: _history, record, ...rest } = match;
    const logHead = match.log.length ? match.log[match.log.length - 1]!.hash : undefined;
    await this.put(headKey(match.id), { ...rest, status, record: { ...record, calls: [], phases: [] }, log: [], history: [], full, tails, logHead, sums, updatedAt: Date.now() });
    this.written.set(match.id, full);
    this.sums.set(match.id, sums);
    if (summary && this.savedStatus.get(match.id) !== status) await this.put(summaryKey(match.id), summary);
    this.savedStatus.set(match.id, status);
    await this.updateIndex(match.id, status);
  }

  /** Forgets what it tracked of a match that left memory (it is read from the database when asked for again). */
  forget(id: string): void {
    this.written.delete(id);
    this.sums.delete(id);
    this.savedStatus.delete(id);
  }
}
