import { appendFileSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { LogEntry } from '@the-house/games/engine/eventLog.ts';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { jsonKeyProblem } from '@the-house/games/engine/safeKey.ts';
import { FILE_LIMITS, readBoundedText } from '../files/readBoundedText.ts';
import type { Outcome, PlayerId } from '@the-house/games/engine/types.ts';
import type { MatchRecord, PromptSink } from './matchRecorder.ts';
import type { MatchProvenance } from '../provenance/matchProvenance.ts';

export const BUNDLE_FORMAT = 'house-match/1';

/**
 * A match as a file: what it was (game, seed, config, seats), what happened
 * (the hash-chained log and its head) and how every seat answered (the
 * record). `replay-match` needs nothing else; the prompts' texts sit beside
 * it in `<id>.prompts.jsonl`.
 */
export interface MatchBundle {
  format: typeof BUNDLE_FORMAT;
  id: string;
  game: string;
  seed: number;
  config: unknown;
  players: PlayerId[];
  options: unknown;
  status: string;
  outcome: Outcome;
  head: string;
  log: LogEntry[];
  record: MatchRecord;
  /** The House's files also keep where the match stood, so a damaged database row can be rebuilt from the file. */
  state?: unknown;
  history?: unknown[];
  /** What it was played with (code, rules, seats, seeds): beside the log, never in its hash chain; absent in files older than issue 37. */
  provenance?: MatchProvenance;
  /** Each time a standby host took the match over from another (issue 40): beside the log, signed with the file; absent when it never changed hosts. */
  hostChanges?: HostChange[];
}

/** A live match moved from one host to another: who held it, who took it, how long after the old host's last save, at which round. */
export interface HostChange {
  type: 'host-changed';
  from: string;
  to: string;
  gapMs: number;
  round: number | null;
  at: number;
}

const bundleShape = z.object({
  format: z.literal(BUNDLE_FORMAT),
  id: z.string(),
  game: z.string(),
  seed: z.number().int(),
  config: z.unknown(),
  players: z.array(z.string()).min(1),
  log: z.array(z.object({ seq: z.number(), hash: z.string() }).passthrough()),
  head: z.string(),
  record: z.object({ seats: z.record(z.string(), z.unknown()), calls: z.array(z.unknown()), phases: z.array(z.unknown()) }),
});

export function bundlePath(dir: string, id: string): string {
  return join(dir, `${id}.match.json`);
}

/**
 * Writes a match file whole or not at all: to `<file>.tmp`, flushed to disk,
 * then renamed over the file, so a full disk or a crash mid-write leaves the
 * previous file as it was. Throws what the file system said.
 */
export function writeBundle(dir: string, bundle: MatchBundle): string {
  mkdirSync(dir, { recursive: true });
  const path = bundlePath(dir, bundle.id);
  const temp = `${path}.tmp`;
  try {
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, `${JSON.stringify(bundle)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return path;
}

/** Prompt texts go to `<dir>/<id>.prompts.jsonl` as they are sent, one line each. */
export function promptFileSink(dir: string, id: string): PromptSink {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${id}.prompts.jsonl`);
  return (entry) => appendFileSync(path, `${JSON.stringify(entry)}\n`);
}

/**
 * A bundle from a file path (a regular file of at most 256 MB), or from a
 * match id looked up in `dir`; an error names what was wrong. `byName`
 * names the file by its name alone (what the House may tell anyone), not
 * by where it is on the server.
 */
export function readBundle(pathOrId: string, dir: string, options: { byName?: boolean } = {}): { ok: true; bundle: MatchBundle; path: string } | { ok: false; error: string } {
  const path = !options.byName && existsSync(pathOrId) ? pathOrId : bundlePath(dir, pathOrId);
  const shown = options.byName ? `${pathOrId}.match.json` : path;
  if (!existsSync(path)) return { ok: false, error: options.byName ? `there is no match file '${shown}'` : `no match file '${pathOrId}' and no match with that id in ${dir}` };
  const read = readBoundedText(path, FILE_LIMITS.match, 'match', shown);
  if (!read.ok) return read;
  let json: unknown;
  try {
    json = JSON.parse(read.text);
  } catch {
    return { ok: false, error: `'${shown}' is not valid JSON` };
  }
  const problem = jsonKeyProblem(json);
  if (problem) return { ok: false, error: `'${shown}' ${problem}` };
  const parsed = bundleShape.safeParse(json);
  if (!parsed.success) return { ok: false, error: `'${shown}' is not a House match file: ${formatZodError(parsed.error)}` };
  return { ok: true, bundle: json as MatchBundle, path };
}
