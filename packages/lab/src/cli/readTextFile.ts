import { FILE_LIMITS, readBoundedText } from '../files/readBoundedText.ts';
import { CliError } from './cliError.ts';

/**
 * A text file the CLI was pointed at, read only when it is a regular file of
 * at most `limit` bytes (a device such as `/dev/zero` or a pipe would be read
 * until memory runs out); any failure is one line.
 */
export function readTextFile(path: string, what: string, limit: number = FILE_LIMITS.log): string {
  const read = readBoundedText(path, limit, what);
  if (!read.ok) throw new CliError(read.error);
  return read.text;
}
