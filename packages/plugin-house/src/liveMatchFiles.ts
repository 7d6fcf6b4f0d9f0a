import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
 */
export class LiveMatchFiles {
  private readonly made = new Set<string>();
  private readonly failing = new Set<string>();

  constructor(
    readonly root: string,
    private readonly told: (id: string, why: string) => void = () => {},
  ) {}

  private folder(id: string): string | null {
    return isFolderId(id) ? join(this.root, id) : null;
  }

  /** Writes one row of a match (`name`: `head` or `<list>.<chunk>`) whole, or leaves the previous copy as it was. */
  write(id: string, name: string, row: Row): void {
    const folder = this.folder(id);
    if (!folder) return;
    const path = join(folder, `${name}.json`);
    const temp = `${path}.tmp`;
    try {
      if (!this.made.has(id)) {
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        this.made.add(id);
      }
      writeFileSync(temp, JSON.stringify(row), { mode: 0o600 });
      renameSync(temp, path);
      this.failing.delete(id);
    } catch (error) {
      removeQuietly(temp);
      this.made.delete(id);
      if (!this.failing.has(id)) {
        this.failing.add(id);
        this.told(id, fileProblem(error));
      }
    }
  }

  /** A row's copy as stored (to be checked by the reader), or undefined when there is none or it cannot be read. */
  read(id: string, name: string): unknown {
    const folder = this.folder(id);
    if (!folder) return undefined;
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
    try {
      return new Set(readdirSync(folder).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)));
    } catch {
      return new Set();
    }
  }

  /** The matches that have files here. */
  ids(): string[] {
    try {
      return readdirSync(this.root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && isFolderId(entry.name))
        .map((entry) => entry.name);
    } catch {
      return [];
    }
  }

  /** A match's files go (its signed match file holds it now). */
  remove(id: string): void {
    const folder = this.folder(id);
    if (!folder) return;
    this.made.delete(id);
    this.failing.delete(id);
    // One that cannot be removed is left for the next start to list, or for a person to remove: a copy of what the database holds.
    removeQuietly(folder);
  }
}

/** Removes a file or folder if it is there; a path that cannot even be looked at (a file's child) is nothing to remove. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Nothing was made there.
  }
}
