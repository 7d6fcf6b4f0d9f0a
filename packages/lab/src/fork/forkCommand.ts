import { copyFileSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { games } from '@the-house/games/registry.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { CliError } from '../cli/cliError.ts';
import { intArg, parseCliArgs } from '../cli/args.ts';
import { localKeyArg, seatsArg } from '../cli/seatsArg.ts';
import { promptFileSink, readBundle } from '../models/matchBundle.ts';
import type { ParentLink } from '../provenance/matchProvenance.ts';
import type { HeadlessSeat } from '../seats/playRecorded.ts';
import { signaturePath, signMatchFile } from '../signing/matchSignature.ts';
import { forkMatch } from './forkMatch.ts';
import { forkId } from './forkPoint.ts';

const USAGE = 'fork <match file> --phase N [--seat ID=PLAYER]... [--seed S] [--out DIR]';

/** The seats `--seat ID=PLAYER` names, each PLAYER as `play --players` takes one (a baseline, model:..., a2a:..., http:..., openai:...). */
function swappedSeats(entries: readonly string[], players: readonly PlayerId[], gameId: string): Map<PlayerId, HeadlessSeat> {
  const game = ownValue(games, gameId)!;
  const swapped = new Map<PlayerId, HeadlessSeat>();
  for (const entry of entries) {
    const at = entry.indexOf('=');
    const id = at > 0 ? entry.slice(0, at) : '';
    if (!players.includes(id)) throw new CliError(`--seat '${entry.slice(0, 80)}': name a seat of the match (${players.join(', ')}) as ID=PLAYER`);
    if (swapped.has(id)) throw new CliError(`--seat ${id} is given twice`);
    const { ids, seats, mcp } = seatsArg(game, entry.slice(at + 1));
    if (ids.length !== 1 || mcp.length) throw new CliError(`--seat ${id}: name one player, and not mcp (a fork serves no MCP seats)`);
    swapped.set(id, seats[ids[0]!]!);
  }
  return swapped;
}

/** Copies the parents' files (each with its signature) beside the fork, where verify-match looks for them: the parent's, then each ancestor found beside its child. */
function copyParents(link: ParentLink, parentPath: string, out: string): string[] {
  const copied: string[] = [];
  let from = parentPath;
  for (let at: ParentLink | null = link; at && existsSync(from); at = at.parent) {
    const to = join(out, `${at.match}.match.json`);
    copyFileSync(from, to);
    if (existsSync(signaturePath(from))) copyFileSync(signaturePath(from), signaturePath(to));
    copied.push(to);
    if (at.parent) from = join(dirname(from), `${at.parent.match}.match.json`);
  }
  return copied;
}

/**
 * `bun run house fork <match file> --phase N`: the match as it stood after
 * its Nth phase, played on (`forkMatch`) with the seats `--seat` swaps and
 * the others as recorded (with `--seed`, its randomness drawn anew from
 * there); writes DIR/match.json signed with the local key
 * (as `play --out` does) and the parents' files beside it, so verify-match
 * can check the chain of forks.
 */
export async function forkCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(argv, { phase: { type: 'string' }, seat: { type: 'string', multiple: true }, seed: { type: 'string' }, out: { type: 'string' } }, USAGE);
  const target = positionals[0];
  if (!target || positionals.length > 1 || values.phase === undefined) throw new CliError(`usage: ${USAGE}`);
  const path = existsSync(target) && statSync(target).isDirectory() ? join(target, 'match.json') : target;
  const read = readBundle(path, '.');
  if (!read.ok) throw new CliError(read.error);
  const parent = read.bundle;
  if (!ownValue(games, parent.game)) throw new CliError(`unknown game '${parent.game}'`);
  const phase = intArg(values.phase as string, 'phase', 1, 1, Math.max(1, parent.record.phases.length));
  const swapped = swappedSeats((values.seat as string[] | undefined) ?? [], parent.players, parent.game);
  const seed = values.seed === undefined ? undefined : intArg(values.seed as string, 'seed', 0);
  const out = (values.out as string | undefined) ?? join('out', forkId(parent.id, phase));
  try {
    mkdirSync(out, { recursive: true });
  } catch (error) {
    throw new CliError(`cannot write to '${out}': ${error instanceof Error ? error.message : String(error)}`);
  }
  const local = localKeyArg(process.env);
  const models = [...swapped.values()].some((s) => s.kind !== 'offline');
  const forked = await forkMatch({ games, parent, parentPath: read.path, phase, swapped, seed, prompts: models ? promptFileSink(out, 'match') : null });
  if (!forked.ok) throw new CliError(forked.error);
  const { bundle, link } = forked;
  const file = join(out, 'match.json');
  let parents: string[];
  try {
    writeFileSync(file, `${JSON.stringify(bundle)}\n`);
    signMatchFile(file, bundle.id, bundle.head, local.key);
    parents = copyParents(link, read.path, out);
  } catch (error) {
    throw new CliError(`cannot write to '${out}': ${error instanceof Error ? error.message : String(error)}`);
  }
  const swaps = [...swapped.keys()].map((id) => `${id} by ${bundle.provenance!.seats[id]!.strategy ?? bundle.provenance!.seats[id]!.model ?? bundle.provenance!.seats[id]!.kind}`);
  process.stdout.write(`forked ${parent.id} after phase ${phase} (head ${link.head.slice(0, 16)}, signed by key ${link.fingerprint.slice(0, 16)}); played on${swaps.length ? ` with ${swaps.join(', ')}` : ' as recorded'}${seed === undefined ? '' : `, its randomness from seed ${seed}`}\n`);
  process.stdout.write(`${bundle.id}: ${bundle.outcome.over ? `${bundle.outcome.kind ?? 'over'}; winners: ${bundle.outcome.winners.join(', ') || 'none'}` : `paused`} (${bundle.log.length} log entries, head ${bundle.head.slice(0, 16)})\n`);
  process.stdout.write(`files: ${[file, ...parents].join(', ')}\n`);
  process.stdout.write(`signed: ${signaturePath(file)} with the local key ${local.fingerprint} (bun run house verify-match ${file} --key ${local.publicKeyPath})\n`);
  return 0;
}
