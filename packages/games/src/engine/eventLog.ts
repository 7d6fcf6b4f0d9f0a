import { createHash } from 'node:crypto';
import type { GameEvent } from './types.ts';

export interface LogEntry {
  seq: number;
  round: number;
  phase: string;
  type: string;
  data?: Record<string, unknown>;
  to?: string[];
  prev: string;
  hash: string;
}

/** An empty log's head, in both forms of the chain; in form 1 also the first entry's `prev`. */
export const GENESIS = '0'.repeat(64);

// Bun's one-shot SHA-256 is about 3x faster than a node:crypto Hash object per entry,
// which matters when experiments log thousands of matches a second; same digest.
export const sha256Hex: (text: string) => string =
  typeof Bun !== 'undefined' ? (text) => Bun.SHA256.hash(text, 'hex') as string : (text) => createHash('sha256').update(text).digest('hex');

/**
 * The two forms of the chain, both SHA-256 (RULES Influence 10); a log says
 * which it is by its first entry's `prev`.
 *
 * Form 1 (logs written before issue 26): each entry's hash is
 * SHA-256(previous hash + the entry's JSON without prev and hash), the first
 * entry's previous hash `GENESIS`.
 *
 * Form 2: the log is one text, `house-event-log/2\n` then each entry's fields
 * as a JSON array `[seq,round,phase,type,data,to]` (null for a field it
 * lacks) followed by a comma; an entry's hash is the SHA-256 of that text up
 * to and including the entry, its `prev` the one before it (the first
 * entry's: the hash of the opening line alone, `CHAIN_START`). Any edit to any
 * event changes every hash from that entry on, the head included, as in
 * form 1; but a head alone is one SHA-256 over the whole text, with one JSON
 * encoding of all the entries, instead of one of each per entry.
 */
export type ChainForm = 1 | 2;

const OPENING = 'house-event-log/2\n';

/** A form 2 chain's first `prev`: the hash of its opening line. */
export const CHAIN_START = sha256Hex(OPENING);

interface Hasher {
  update(text: string): unknown;
  copy(): Hasher;
  digest(encoding: 'hex'): string;
}

const newHasher: () => Hasher = typeof Bun !== 'undefined' ? () => new Bun.CryptoHasher('sha256') as unknown as Hasher : () => createHash('sha256') as unknown as Hasher;

const OPENED = newHasher();
OPENED.update(OPENING);

/** A hash state with the opening line read (a copy of one made once). */
function opened(): Hasher {
  return OPENED.copy();
}

/** An entry's text in a form 2 chain, its comma included. */
function row(seq: number, round: number, phase: string, type: string, data: unknown, to: unknown): unknown[] {
  return [seq, round, phase, type, data ?? null, to ?? null];
}

/** Many rows' text at once: a JSON array's elements are its items' own JSON, comma-separated. */
function rowsText(rows: unknown[][]): string {
  return `${JSON.stringify(rows).slice(1, -1)},`;
}

function entryHashV1(prev: string, body: Omit<LogEntry, 'hash' | 'prev'>): string {
  return sha256Hex(prev + JSON.stringify(body));
}

/** Which form a log's chain is in, by its first entry (an empty log: the current one). */
export function chainForm(entries: readonly LogEntry[]): ChainForm {
  return entries.length && entries[0]!.prev === GENESIS ? 1 : 2;
}

/**
 * A form 2 log's hash state after its last entry, kept beside that entry: a
 * log rebuilt over the same entries (Influence keeps its log in its state and
 * appends through a new EventLog each time) takes it instead of reading the
 * whole log again. Only the current last entry of a log holds one.
 */
const after = new WeakMap<LogEntry, Hasher>();

/** The hash state after `entries` (form 2): kept, or read again from their text. */
function stateAfter(entries: readonly LogEntry[]): Hasher {
  const last = entries.at(-1);
  if (!last) return opened();
  const kept = after.get(last);
  if (kept) {
    after.delete(last);
    return kept;
  }
  const h = opened();
  h.update(rowsText(entries.map((e) => row(e.seq, e.round, e.phase, e.type, e.data, e.to))));
  return h;
}

/**
 * Append-only log; each entry's hash covers every entry before it, so any
 * edit breaks the chain. A `deferred` log (a match's) takes events as they
 * come and chains them when first read (`entries`, `toJSONL`): the entries
 * are the same, byte for byte, and a match that no one reads (an
 * experiment's thousands) never pays for hashing; its `head` alone costs one
 * hash of the whole log (form 2). Events are never edited once applied, so
 * chaining them later sees what chaining them at once would have. A log over
 * entries keeps their form; a new one is form 2.
 */
export class EventLog {
  readonly form: ChainForm;
  private readonly list: LogEntry[];
  /** Taken, not yet chained: one batch per `appendAll` (round, phase, events), flat so taking costs no allocation. */
  private readonly pending: Array<number | string | readonly GameEvent[]> | null;
  /** Form 2: the hash state after the list's last entry, once needed. */
  private state: Hasher | null = null;
  /** Form 2: the head with the pending events, until more are taken. */
  private ahead: string | null = null;

  constructor(entries: LogEntry[] = [], opts: { deferred?: boolean; form?: ChainForm } = {}) {
    this.list = entries;
    this.pending = opts.deferred ? [] : null;
    this.form = entries.length ? chainForm(entries) : (opts.form ?? 2);
  }

  get entries(): readonly LogEntry[] {
    this.flush();
    return this.list;
  }

  get head(): string {
    if (this.form === 2 && this.pending?.length) {
      if (this.ahead === null) {
        const rows: unknown[][] = [];
        let seq = this.list.length;
        this.forPending((round, phase, e) => rows.push(row(seq++, round, phase, e.type, e.data, e.to)));
        const h = this.hashState().copy();
        h.update(rowsText(rows));
        this.ahead = h.digest('hex');
      }
      return this.ahead;
    }
    this.flush();
    return this.list.length ? this.list[this.list.length - 1]!.hash : GENESIS;
  }

  private forPending(each: (round: number, phase: string, event: GameEvent) => void): void {
    const pending = this.pending!;
    for (let i = 0; i < pending.length; i += 3) {
      const round = pending[i] as number;
      const phase = pending[i + 1] as string;
      for (const event of pending[i + 2] as readonly GameEvent[]) each(round, phase, event);
    }
  }

  private hashState(): Hasher {
    this.state ??= stateAfter(this.list);
    return this.state;
  }

  /** Chains the events taken but not chained yet, in order. */
  private flush(): void {
    if (!this.pending?.length) return;
    this.forPending((round, phase, event) => this.chain(round, phase, event));
    this.pending.length = 0;
  }

  append(round: number, phase: string, event: GameEvent): LogEntry {
    this.flush();
    return this.chain(round, phase, event);
  }

  private chain(round: number, phase: string, event: GameEvent): LogEntry {
    const body: Omit<LogEntry, 'hash' | 'prev'> = { seq: this.list.length, round, phase, type: event.type };
    if (event.data !== undefined) body.data = event.data;
    if (event.to !== undefined) body.to = event.to;
    const list = this.list;
    const last = list.length ? list[list.length - 1]! : undefined;
    let hash: string;
    let prev: string;
    if (this.form === 1) {
      prev = last ? last.hash : GENESIS;
      hash = entryHashV1(prev, body);
    } else {
      prev = last ? last.hash : CHAIN_START;
      const state = this.hashState();
      if (last) after.delete(last);
      state.update(`${JSON.stringify(row(body.seq, round, phase, body.type, body.data, body.to))},`);
      hash = state.copy().digest('hex');
    }
    // The body becomes the entry (no copy); prev and hash go last, after the hashed fields.
    const entry = body as LogEntry;
    entry.prev = prev;
    entry.hash = hash;
    list.push(entry);
    if (this.form === 2) after.set(entry, this.state!);
    return entry;
  }

  appendAll(round: number, phase: string, events: readonly GameEvent[]): void {
    if (this.pending) {
      if (events.length) {
        this.pending.push(round, phase, events);
        this.ahead = null;
      }
    } else for (const e of events) this.chain(round, phase, e);
  }

  toJSONL(): string {
    const list = this.entries;
    return list.map((e) => JSON.stringify(e)).join('\n') + (list.length ? '\n' : '');
  }
}

const FIELDS = new Set(['seq', 'round', 'phase', 'type', 'data', 'to', 'prev', 'hash']);

/** A log entry's own fields only, `data` an object and `to` a list when present (what a form 2 row tells apart). */
function entryShaped(e: LogEntry): boolean {
  for (const key in e) if (!FIELDS.has(key)) return false;
  if (e.data !== undefined && (e.data === null || typeof e.data !== 'object' || Array.isArray(e.data))) return false;
  return e.to === undefined || Array.isArray(e.to);
}

/** What a chain check finds: intact, or the first entry that breaks it and why. */
export type ChainResult = { ok: true } | { ok: false; at: number; reason: string };

/**
 * Recomputes the chain (in the form its first entry names); returns the
 * first broken sequence number, or null when intact and ending at `head`.
 */
export function verifyChain(entries: readonly LogEntry[], head?: string): ChainResult {
  const check = new ChainCheck();
  check.add(entries);
  return check.end(head);
}

/**
 * `verifyChain` over a log read in parts, in order (a stored match's chunks,
 * one at a time): a long log is checked without being held whole, with the
 * same result as checking it at once.
 */
export class ChainCheck {
  private form: ChainForm | null = null;
  private prev = GENESIS;
  private state: Hasher | null = null;
  private count = 0;
  private broken: { ok: false; at: number; reason: string } | null = null;

  add(entries: readonly LogEntry[]): void {
    if (this.broken || entries.length === 0) return;
    if (this.form === null) {
      this.form = chainForm(entries);
      this.prev = this.form === 1 ? GENESIS : CHAIN_START;
      this.state = this.form === 2 ? opened() : null;
    }
    const { state } = this;
    for (const e of entries) {
      const i = this.count;
      const { hash, prev: p, ...body } = e;
      if (e.seq !== i) return void (this.broken = { ok: false, at: i, reason: `sequence ${e.seq} where ${i} was expected` });
      if (p !== this.prev) return void (this.broken = { ok: false, at: i, reason: 'previous hash does not match' });
      // Form 2 hashes the fields an entry has, so an entry holds those and nothing else (form 1 hashes whatever it holds).
      if (state && !entryShaped(e)) return void (this.broken = { ok: false, at: i, reason: 'entry holds fields a log entry does not have' });
      let computed: string;
      if (state) {
        state.update(`${JSON.stringify(row(e.seq, e.round, e.phase, e.type, e.data, e.to))},`);
        computed = state.copy().digest('hex');
      } else computed = entryHashV1(this.prev, body);
      if (computed !== hash) return void (this.broken = { ok: false, at: i, reason: 'entry hash does not match its content' });
      this.prev = hash;
      this.count++;
    }
  }

  /** The result once every part is in: intact and, when `head` is given, ending there. */
  end(head?: string): ChainResult {
    if (this.broken) return this.broken;
    const last = this.count ? this.prev : GENESIS;
    if (head !== undefined && head !== last) return { ok: false, at: this.count, reason: 'chain head differs from the published head' };
    return { ok: true };
  }
}
