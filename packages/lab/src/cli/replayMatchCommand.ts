import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { readBundle } from '../models/matchBundle.ts';
import { replayMatch } from '../seats/replayMatch.ts';
import { parseCliArgs } from './args.ts';
import { CliError } from './cliError.ts';

const USAGE = 'replay-match <match id | match.json | play --out dir> [--dir matches-dir]';

/**
 * `bun run house replay-match <match>`: re-runs a recorded match offline with
 * the recorded answers instead of models, and says whether it reproduced the
 * recorded event log (exit 0) or where it first diverged (exit 1). A match id
 * is looked up in --dir (default HOUSE_MATCH_DIR, else .eliza/matches).
 */
export async function replayMatchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(argv, { dir: { type: 'string' } }, USAGE);
  const target = positionals[0];
  if (!target) throw new CliError(`which match?\nusage: ${USAGE}`);
  const dir = values.dir ?? process.env.HOUSE_MATCH_DIR ?? join('.eliza', 'matches');
  const path = existsSync(target) && statSync(target).isDirectory() ? join(target, 'match.json') : target;
  const read = readBundle(path, dir);
  if (!read.ok) throw new CliError(read.error);
  const started = performance.now();
  const replayed = await replayMatch(games, read.bundle);
  if (!replayed.ok) throw new CliError(replayed.error);
  const r = replayed.report;
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`${read.bundle.game} ${read.bundle.id}: ${r.phases} phases replayed from ${r.answers} recorded answers in ${ms} ms\n`);
  const { recorded, current } = r.prompts.format;
  if (recorded !== current) process.stdout.write(`prompts: recorded with prompt format ${recorded}; this build writes format ${current}, so model prompts are not compared (the answers replay as recorded)\n`);
  else process.stdout.write(`prompts: ${r.prompts.checked} model prompts rebuilt, ${r.prompts.changed.length} differ from the recorded ones\n`);
  for (const c of r.prompts.changed.slice(0, 5)) process.stdout.write(`  prompt changed: round ${c.round} (${c.phase}), ${c.player}, call ${c.call}\n`);
  if (r.reproduced) {
    process.stdout.write(`reproduced: the event log matches the recorded one, head ${r.head}\n`);
    return 0;
  }
  const d = r.divergence;
  if (d) {
    process.stdout.write(`diverged at entry ${d.seq} (round ${d.round}, ${d.phase})\n`);
    process.stdout.write(`  recorded: ${JSON.stringify(d.expected)}\n  replayed: ${JSON.stringify(d.got)}\n`);
  } else process.stdout.write(`diverged: head ${r.head} where the record has ${r.recordedHead}\n`);
  return 1;
}
