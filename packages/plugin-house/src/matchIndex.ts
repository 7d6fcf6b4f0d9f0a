import type { MatchStatus } from './types.ts';
import type { Read } from './storeRows.ts';

export const INDEX_KEY = 'house:matches';
export const OPEN_KEY = 'house:open';

/** Statuses of a match the House still holds open (it resumes them on start). */
export const OPEN: ReadonlySet<MatchStatus> = new Set(['lobby', 'running', 'paused']);

/** Heads read at once while the index is rebuilt. */
const READ_AT_ONCE = 8;

/** What the index reads and writes through (the match store's checked rows). */
export interface IndexRows {
  /** A row as the database holds it, unchecked: an index from before checksums is a plain list. */
  raw(key: string): Promise<unknown>;
  check(raw: unknown): Read<unknown>;
  /** A checked write; throws when the database keeps refusing it. */
  write(key: string, value: unknown): Promise<void>;
  /** Every match id whose head row is stored, or null when the database cannot list them. */
  storedIds(): Promise<string[] | null>;
  /** The matches with running files (another database's among them, when a House ran on it with the same data folder). */
  fileIds(): string[];
  /** What a match's head row says of it, or null when it cannot be read. */
  headOf(id: string): Promise<{ createdAt: number; status: MatchStatus } | null>;
  /** Whether anything else of a match with no head is stored (its summary row): an id the index names with nothing behind it is not kept. */
  hasRemains(id: string): Promise<boolean>;
  /** A line for the host log (said once per rebuild). */
  log(line: string): void;
}

type IdList = { state: 'whole' | 'legacy'; ids: string[] } | { state: 'missing' | 'damaged'; why: string };

const stringsOf = (value: unknown): string[] | null => (Array.isArray(value) && value.every((x) => typeof x === 'string') ? [...new Set(value as string[])] : null);

/**
 * Every match id, in creation order, and the ids still open: two rows, each
 * checked like every other row, and each checked against the match heads the
 * database holds when the House starts. An index row that is missing,
 * damaged, or leaves out a match whose head is stored is rebuilt from the
 * heads (their creation times and statuses), written back and logged once;
 * so no lost or edited index row hides a match, stops a running one from
 * resuming, or makes the next save drop the others.
 */
export class MatchIndex {
  private loaded: Promise<{ all: string[]; open: Set<string> }> | null = null;
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly rows: IndexRows) {}

  private async list(key: string): Promise<IdList> {
    const raw = await this.rows.raw(key);
    if (raw === undefined || raw === null) return { state: 'missing', why: 'is missing' };
    const legacy = stringsOf(raw);
    if (legacy) return { state: 'legacy', ids: legacy };
    const read = this.rows.check(raw);
    if (!read.ok) return { state: 'damaged', why: read.why };
    const ids = stringsOf(read.value);
    return ids ? { state: 'whole', ids } : { state: 'damaged', why: 'is not a list of match ids' };
  }

  load(): Promise<{ all: string[]; open: Set<string> }> {
    this.loaded ??= this.read();
    return this.loaded;
  }

  private async read(): Promise<{ all: string[]; open: Set<string> }> {
    const [index, open, heads] = await Promise.all([this.list(INDEX_KEY), this.list(OPEN_KEY), this.rows.storedIds()]);
    const stored = await this.withFiles(heads);
    // A new House: no index, and no match stored that one would list. Nothing to rebuild or say.
    if (index.state === 'missing' && !stored?.length) return { all: [], open: new Set() };
    const known = index.state === 'whole' || index.state === 'legacy' ? index.ids : [];
    const listed = new Set(known);
    const unlisted = (stored ?? []).filter((id) => !listed.has(id));
    const indexWhole = (index.state === 'whole' || index.state === 'legacy') && unlisted.length === 0;
    if (indexWhole && open.state === 'whole') return { all: [...known], open: new Set(open.ids.filter((id) => listed.has(id))) };
    if (indexWhole) {
      // The open list alone is rebuilt from the heads (a database from before it has none; a damaged one is said).
      const openIds = await this.openFromHeads(known, open);
      if (open.state === 'damaged') this.rows.log(`the list of open matches (${OPEN_KEY}) ${open.why}; rebuilt from the match heads: ${openIds.size} open`);
      await this.writeBoth(index.state === 'legacy' ? known : null, openIds);
      return { all: [...known], open: openIds };
    }
    const why = index.state === 'missing' || index.state === 'damaged' ? index.why : `left out ${unlisted.length} stored match${unlisted.length === 1 ? '' : 'es'}`;
    const rebuilt = await this.rebuild(known, unlisted, open);
    this.rows.log(`the match index (${INDEX_KEY}) ${why}; rebuilt from the stored match heads: ${rebuilt.all.length} matches, ${rebuilt.open.size} open`);
    await this.writeBoth(rebuilt.all, rebuilt.open);
    return rebuilt;
  }

  /**
   * The stored ids and those of the running files whose match this database
   * still knows (its summary row): files another database's House left in
   * the same data folder name no match here. Null when neither can be listed.
   */
  private async withFiles(heads: string[] | null): Promise<string[] | null> {
    const known = new Set(heads ?? []);
    const files = this.rows.fileIds().filter((id) => !known.has(id));
    const kept = await Promise.all(files.map((id) => this.rows.hasRemains(id)));
    const ours = files.filter((_, i) => kept[i]);
    return heads === null && ours.length === 0 ? null : [...known, ...ours];
  }

  /** Writes what was rebuilt; a database that refuses it leaves the index in memory, and the next start rebuilds it again. */
  private async writeBoth(all: string[] | null, open: Set<string>): Promise<void> {
    try {
      if (all) await this.rows.write(INDEX_KEY, all);
      await this.rows.write(OPEN_KEY, [...open]);
    } catch (error) {
      this.rows.log(`could not write the rebuilt match index: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async heads(ids: readonly string[]): Promise<Map<string, { createdAt: number; status: MatchStatus } | null>> {
    const heads = new Map<string, { createdAt: number; status: MatchStatus } | null>();
    for (let i = 0; i < ids.length; i += READ_AT_ONCE) {
      const batch = ids.slice(i, i + READ_AT_ONCE);
      const read = await Promise.all(batch.map((id) => this.rows.headOf(id)));
      batch.forEach((id, n) => heads.set(id, read[n] ?? null));
    }
    return heads;
  }

  /**
   * Open: a match whose head says so; one whose head cannot be read is open
   * when the open list says so, or when there is no open list to ask (the
   * House then tries to load it, and rebuild it from its files, at start).
   */
  private async openFromHeads(ids: readonly string[], open: IdList, heads?: Map<string, { createdAt: number; status: MatchStatus } | null>): Promise<Set<string>> {
    const read = heads ?? (await this.heads(ids));
    const listed = open.state === 'whole' || open.state === 'legacy' ? new Set(open.ids) : null;
    return new Set(ids.filter((id) => {
      const head = read.get(id);
      return head ? OPEN.has(head.status) : listed ? listed.has(id) : true;
    }));
  }

  /**
   * The ids the index still had (those with anything stored) and the stored
   * ones it lacked, in creation order (an id whose head cannot be read keeps
   * its place after the one before it).
   */
  private async rebuild(known: readonly string[], unlisted: readonly string[], open: IdList): Promise<{ all: string[]; open: Set<string> }> {
    const read = await this.heads([...known, ...unlisted]);
    const kept = await Promise.all(known.map(async (id) => read.get(id) !== null || (await this.rows.hasRemains(id))));
    const ids = [...known.filter((_, i) => kept[i]), ...unlisted];
    const heads = new Map(ids.map((id) => [id, read.get(id) ?? null]));
    let before = 0;
    const order = ids.map((id) => {
      const at = heads.get(id)?.createdAt;
      before = typeof at === 'number' && Number.isFinite(at) ? at : before;
      return { id, at: before };
    });
    order.sort((a, b) => a.at - b.at);
    const all = order.map((o) => o.id);
    return { all, open: await this.openFromHeads(all, open, heads) };
  }

  /** Index updates one at a time: concurrent saves of several matches must not drop each other's ids. */
  update(id: string, status: MatchStatus): Promise<void> {
    const next = this.writes.then(async () => {
      const index = await this.load();
      const isNew = !index.all.includes(id);
      const wasOpen = index.open.has(id);
      const nowOpen = OPEN.has(status);
      if (isNew) {
        index.all.push(id);
        await this.rows.write(INDEX_KEY, [...index.all]);
      }
      if (wasOpen !== nowOpen || (isNew && nowOpen)) {
        if (nowOpen) index.open.add(id);
        else index.open.delete(id);
        await this.rows.write(OPEN_KEY, [...index.open]);
      }
    });
    this.writes = next.catch(() => {});
    return next;
  }
}
