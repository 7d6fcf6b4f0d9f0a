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

export const GENESIS = '0'.repeat(64);

// Bun's one-shot SHA-256 is about 3x faster than a node:crypto Hash object per entry,
// which matters when experiments log thousands of matches a second; same digest.
export const sha256Hex: (text: string) => string =
  typeof Bun !== 'undefined' ? (text) => Bun.SHA256.hash(text, 'hex') as string : (text) => createHash('sha256').update(text).digest('hex');

function entryHash(prev: string, body: Omit<LogEntry, 'hash' | 'prev'>): string {
  return sha256Hex(prev + JSON.stringify(body));
}


/**
 * Append-only log; each entry's hash covers the previous hash, so any edit
 * breaks the chain. A `deferred` log (a match's) takes events as they come
 * and chains them when first read (`entries`, `head`, `toJSONL`): the entries
 * are the same, byte for byte, and a match that no one reads (an experiment's
 * thousands) never pays for hashing. Events are never edited once applied, so
 * chaining them later sees what chaining them at once would have.
 */
export class EventLog {
  private readonly list: LogEntry[];
  /** Taken, not yet chained: one batch per `appendAll` (round, phase, events), flat so taking costs no allocation. */
  private readonly pending: Array<number | string | readonly GameEvent[]> | null;

  constructor(entries: LogEntry[] = [], opts: { deferred?: boolean } = {}) {
    this.list = entries;
    this.pending = opts.deferred ? [] : null;
  }

  get entries(): readonly LogEntry[] {
    this.flush();
    return this.list;
  }

  get head(): string {
    this.flush();
    return this.list.length ? this.list[this.list.length - 1]!.hash : GENESIS;
  }

  /** Chains the events taken but not chained yet, in order. */
  private flush(): void {
    const pending = this.pending;
    if (!pending?.length) return;
    for (let i = 0; i < pending.length; i += 3) {
      const round = pending[i] as number;
      const phase = pending[i + 1] as string;
      for (const event of pending[i + 2] as readonly GameEvent[]) this.chain(round, phase, event);
    }
    pending.length = 0;
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
    const prev = list.length ? list[list.length - 1]!.hash : GENESIS;
    const hash = entryHash(prev, body);
    // The body becomes the entry (no copy); prev and hash go last, after the hashed fields.
    const entry = body as LogEntry;
    entry.prev = prev;
    entry.hash = hash;
    this.list.push(entry);
    return entry;
  }

  appendAll(round: number, phase: string, events: readonly GameEvent[]): void {
    if (this.pending) {
      if (events.length) this.pending.push(round, phase, events);
    } else for (const e of events) this.chain(round, phase, e);
  }

  toJSONL(): string {
    const list = this.entries;
    return list.map((e) => JSON.stringify(e)).join('\n') + (list.length ? '\n' : '');
  }
}

/** Recomputes the chain; returns the first broken sequence number, or null when intact and ending at `head`. */
export function verifyChain(entries: readonly LogEntry[], head?: string): { ok: true } | { ok: false; at: number; reason: string } {
  let prev = GENESIS;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const { hash, prev: p, ...body } = e;
    if (e.seq !== i) return { ok: false, at: i, reason: `sequence ${e.seq} where ${i} was expected` };
    if (p !== prev) return { ok: false, at: i, reason: 'previous hash does not match' };
    if (entryHash(prev, body) !== hash) return { ok: false, at: i, reason: 'entry hash does not match its content' };
    prev = hash;
  }
  if (head !== undefined && head !== prev) return { ok: false, at: entries.length, reason: 'chain head differs from the published head' };
  return { ok: true };
}
