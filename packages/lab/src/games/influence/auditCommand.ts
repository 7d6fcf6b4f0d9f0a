import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../../cli/cliError.ts';
import { readJsonFile } from '../../cli/readJsonFile.ts';
import { readTextFile } from '../../cli/readTextFile.ts';
import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import { auditLog } from '@the-house/games/influence/audit.ts';

function readEntries(path: string): LogEntry[] {
  return readTextFile(path, 'log')
    .split('\n')
    .filter(Boolean)
    .map((line, i) => {
      try {
        return JSON.parse(line) as LogEntry;
      } catch {
        throw new CliError(`log '${path}' line ${i + 1} is not JSON`);
      }
    });
}

/** The head a finished game published, from the state.json that `play --out` wrote. */
function publishedHead(stateFile: string): string | null {
  const saved = readJsonFile(stateFile, 'state') as { state?: { publishedHead?: string | null } } | null;
  return saved?.state?.publishedHead ?? null;
}

/**
 * `bun run house audit influence <log.jsonl> [head]` or `audit influence <dir>`
 * (a `play --out` folder: its house-log.jsonl against the head in its
 * state.json): recomputes the SHA-256 chain and compares its end with the
 * published head. Exit 0 when intact, 1 when not.
 */
export async function auditCommand(argv: string[]): Promise<number> {
  const [path, head] = argv;
  if (!path) throw new CliError('usage: audit influence <house-log.jsonl> [published head] | audit influence <play --out dir>');
  const isDir = (() => {
    try {
      return statSync(path).isDirectory();
    } catch {
      return false;
    }
  })();
  const entries = readEntries(isDir ? join(path, 'house-log.jsonl') : path);
  const result = auditLog(entries, head ?? (isDir ? publishedHead(join(path, 'state.json')) : null));
  process.stdout.write(`${result.text}\n`);
  return result.ok ? 0 : 1;
}
