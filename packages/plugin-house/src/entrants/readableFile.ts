import { readFileSync, statSync } from 'node:fs';

/** The most a settings file the House reads (HOUSE_ENTRANTS) may hold. */
const MAX_BYTES = 256 * 1024;

/** A small text file's contents, or null when it is missing, unreadable, not a file or too large. */
export function readableFile(path: string): string | null {
  try {
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > MAX_BYTES) return null;
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
