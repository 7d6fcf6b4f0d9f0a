import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseCliArgs } from '../../cli/args.ts';
import { CliError } from '../../cli/cliError.ts';
import { readTextFile } from '../../cli/readTextFile.ts';
import { analyzeCafe, type CafeLogEntry } from '@the-house/games/cafe/analysis/analyzeCafe.ts';
import { cafeReportHtml } from './cafeReportHtml.ts';
import { cafeReportMarkdown } from './cafeReportMarkdown.ts';
import { writeRoundLogs } from './writeRoundLogs.ts';

/** The events.jsonl of a `play` output folder (or the file itself), as entries. */
export function readEventLog(path: string | undefined, usage: string): { file: string; entries: CafeLogEntry[] } {
  if (!path) throw new CliError(`missing event log (a play output folder or its events.jsonl)\nusage: ${usage}`);
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'events.jsonl') : path;
  const text = readTextFile(file, 'event log');
  const entries: CafeLogEntry[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    try {
      entries.push(JSON.parse(line) as CafeLogEntry);
    } catch {
      throw new CliError(`${file}:${i + 1} is not valid JSON`);
    }
  });
  if (!entries.some((e) => e.type === 'standings')) throw new CliError(`'${file}' holds no Café rounds`);
  return { file, entries };
}

const ANALYZE = 'analyze cafe <out-dir|events.jsonl> [--html report.html]';

/** `bun run house analyze cafe <log>`: the research questions as Markdown on stdout, optionally an HTML report. */
export async function analyzeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(argv, { html: { type: 'string' } }, ANALYZE);
  const { entries } = readEventLog(positionals[0], ANALYZE);
  const analysis = analyzeCafe(entries);
  process.stdout.write(`${cafeReportMarkdown(analysis)}\n`);
  if (values.html) {
    try {
      writeFileSync(values.html, cafeReportHtml(analysis));
    } catch {
      throw new CliError(`cannot write '${values.html}'`);
    }
    process.stderr.write(`html report: ${values.html}\n`);
  }
  return 0;
}

const LOGS = 'logs cafe <out-dir|events.jsonl> [--out dir]';

/** `bun run house logs cafe <log>`: per-round JSON files, by default in output_elimination_v3/ beside the log. */
export async function logsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(argv, { out: { type: 'string' } }, LOGS);
  const { file, entries } = readEventLog(positionals[0], LOGS);
  const out = values.out ?? join(dirname(file), 'output_elimination_v3');
  let written: string[];
  try {
    written = writeRoundLogs(entries, out);
  } catch {
    throw new CliError(`cannot write to '${out}'`);
  }
  process.stdout.write(`${written.length} round logs in ${out}\n`);
  return 0;
}
