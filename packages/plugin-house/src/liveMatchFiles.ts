import { readdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isReservedKey } from '@the-house/games/engine/safeKey.ts';
import { FILE_LIMITS, readBoundedText } from '@the-house/lab/files/readBoundedText.ts';
import { fileProblem } from './fileProblem.ts';
import type { Row } from './storeRows.ts';

/** A match id that can name a folder: what the House makes (`trust-21-1a2b3c4d`), never `.`, `..` or a path. */
const FOLDER_ID = /^[\w-][\w.-]{0,127}$/;
export const isFolderId = (id: string): boolean => FOLDER_ID.test(id) && !isReservedKey(id) && id !== '.' && id !== '..';

/**
 * A running match's files, outside the folder people are told to share
 * (`<HOUSE_DATA_DIR>/live/<id>/`): a copy of each of its database rows as the
 * store writes it (`head.json`, `log.0.json`, ...; the same JSON text and
 * checksum), so a row the database loses or garbles is rebuilt from here and
 * checked the same way (its checksum, the checksum its head names, the log's
 * chain). Rows are written whole (a temp file renamed over the old one), the
 * folder is the House user's alone (it holds the observer key), and it is
 * removed once the match's signed file is written at its end. A file the
 * folder refuses costs nothing but this copy: the first problem of each
 * match is passed to `told`, once.
 *
 * The files are written off the House's thread, one match's writes in the
 * order given (a chunk before the head that names it), so a save never waits
 * on the disk: at 32 tables the copy took 6% of the thread that answers, most
 * of it in `rename`. A row written again before its turn came is written
 * once, as it is last. Until a row is on disk, `read` and `names` answer with
 * it, and once a match's files are to go they answer without them;
 * `settled` waits for every write handed over (what a stopping House does).
 */
export class LiveMatchFiles {
  private readonly made = new Set<string>();
  private readonly failing = new Set<string>();
  /** Rows handed to `write` and not yet on disk (their JSON text), by match and name. */
  private readonly pending = new Map<string, Map<string, string>>();
  /** Each match's writes still to do, one after another. */
  private readonly queues = new Map<string, Promise<void>>();
  /** Matches whose files are to go (how many removals wait): what is on disk of them is gone already, for every reader. */
  private readonly removing = new Map<string, number>();

  constructor(
    readonly root: string,
    private readonly told: (id: string, why: string) => void = () => {},
  ) {}

  private folder(id: string): string | null {
    return isFolderId(id) ? join(this.root, id) : null;
  }

  /** Hands over one row of a match (`name`: `head` or `<list>.<chunk>`) to be written whole; a row that cannot be leaves the previous copy as it was. */
  write(id: string, name: string, row: Row): void {
    const folder = this.folder(id);
    if (!folder) return;
    const text = JSON.stringify(row);
    const rows = this.pending.get(id) ?? new Map<string, string>();
    this.pending.set(id, rows);
    rows.set(name, text);
    this.after(id, () => this.store(id, folder, name, rows));
  }

  /** Runs `work` once the match's earlier writes are done. */
  private after(id: string, work: () => Promise<void>): void {
    const next = (this.queues.get(id) ?? Promise.resolve()).then(work);
    this.queues.set(id, next);
    void next.then(() => {
      if (this.queues.get(id) === next) this.queues.delete(id);
    });
  }

  /** Writes a row's latest text, if it is still waiting (a later write of the same row took its place, or the match's files went). */
  private async store(id: string, folder: string, name: string, rows: Map<string, string>): Promise<void> {
    const text = rows.get(name);
    if (text === undefined || this.pending.get(id) !== rows) return;
    const path = join(folder, `${name}.json`);
    const temp = `${path}.tmp`;
    try {
      if (!this.made.has(id)) {
        await mkdir(folder, { recursive: true, mode: 0o700 });
        this.made.add(id);
      }
      await writeFile(temp, text, { mode: 0o600 });
      await rename(temp, path);
      this.failing.delete(id);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      this.made.delete(id);
      if (!this.failing.has(id)) {
        this.failing.add(id);
        this.told(id, fileProblem(error));
      }
    } finally {
      if (rows.get(name) === text) rows.delete(name);
      if (!rows.size && this.pending.get(id) === rows) this.pending.delete(id);
    }
  }

  /** Once every row handed over so far is written (or has failed, and was told). */
  async settled(): Promise<void> {
    while (this.queues.size) await Promise.all(this.queues.values());
  }

  /** A row's copy as stored (to be checked by the reader), or undefined when there is none or it cannot be read. */
  read(id: string, name: string): unknown {
    const folder = this.folder(id);
    if (!folder) return undefined;
    const waiting = this.pending.get(id)?.get(name);
    if (waiting !== undefined) return JSON.parse(waiting) as unknown;
    if (this.removing.has(id)) return undefined;
    const read = readBoundedText(join(folder, `${name}.json`), FILE_LIMITS.match, 'match row');
    if (!read.ok) return undefined;
    try {
      return JSON.parse(read.text) as unknown;
    } catch {
      return undefined;
    }
  }

  /** The rows a match has files of (`head`, `log.0`, ...). */
  names(id: string): Set<string> {
    const folder = this.folder(id);
    if (!folder) return new Set();
    const names = new Set(this.pending.get(id)?.keys());
    if (this.removing.has(id)) return names;
    try {
      for (const f of readdirSync(folder)) if (f.endsWith('.json')) names.add(f.slice(0, -'.json'.length));
    } catch {
      // No folder yet: only what waits.
    }
    return names;
  }

  /** The matches that have files here. */
  ids(): string[] {
    const ids = new Set(this.pending.keys());
    try {
      for (const entry of readdirSync(this.root, { withFileTypes: true })) if (entry.isDirectory() && isFolderId(entry.name) && !this.removing.has(entry.name)) ids.add(entry.name);
    } catch {
      // No folder yet: only what waits.
    }
    return [...ids];
  }

  /** A match's files go (its signed match file holds it now). */
  remove(id: string): void {
    const folder = this.folder(id);
    if (!folder) return;
    this.pending.delete(id);
    this.removing.set(id, (this.removing.get(id) ?? 0) + 1);
    // After the writes already under way; one that cannot be removed is left for the next start to list, or for a person to remove: a copy of what the database holds.
    this.after(id, async () => {
      this.made.delete(id);
      this.failing.delete(id);
      await rm(folder, { recursive: true, force: true }).catch(() => undefined);
      const left = this.removing.get(id)! - 1;
      if (left) this.removing.set(id, left);
      else this.removing.delete(id);
    });
  }
}
