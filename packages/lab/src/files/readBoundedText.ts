import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** The most the CLI reads of each kind of file: a whole match (log, record, state) may be large; anything typed by hand is small. */
export const FILE_LIMITS = {
  match: 256 * 1024 * 1024,
  log: 256 * 1024 * 1024,
  scenario: 16 * 1024 * 1024,
} as const;

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * A file's text, read only when it is a regular file no larger than `limit`
 * bytes: a device (`/dev/zero`), a pipe or a directory would otherwise be read
 * until memory runs out. The size is taken from the open file and the read
 * stops there, so a file that grows meanwhile is still bounded.
 */
export function readBoundedText(path: string, limit: number, what: string, shownAs = path): { ok: true; text: string } | { ok: false; error: string } {
  const file = `${what} file '${shownAs}'`;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, error: `cannot read ${file}: ${code === 'ENOENT' ? 'there is no such file' : (code ?? 'it cannot be opened')}` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, error: `cannot read ${file}: it is not a regular file` };
    if (stat.size > limit) return { ok: false, error: `cannot read ${file}: it is ${mb(stat.size)}, more than the ${mb(limit)} allowed` };
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return { ok: true, text: buffer.subarray(0, read).toString('utf8') };
  } catch (error) {
    return { ok: false, error: `cannot read ${file}: ${(error as { code?: string }).code ?? 'read failed'}` };
  } finally {
    closeSync(fd);
  }
}
