import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import { gameById, games } from '@the-house/games/registry.ts';
import { readBundle } from '../models/matchBundle.ts';
import { rateMatchFiles, type EndedMatch } from '../ratings/matchFileRatings.ts';
import { compareIds, parseRatings, PROVISIONAL_GAMES, ratingBoard, ratingBoardText, type Ratings } from '../ratings/index.ts';
import { parseCliArgs } from './args.ts';
import { CliError } from './cliError.ts';
import { readJsonFile } from './readJsonFile.ts';

const USAGE = 'ratings [--game G] [--dir DIR] [ratings.json]';

/** A folder is searched this deep and this wide at most, so a mistyped --dir (a home folder) stops with a line, not a long walk. */
const MAX_DEPTH = 6;
const MAX_FILES = 100_000;

/** Every file under `dir` in path order (code units), so the same folder rates its matches in the same order on every machine. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string, depth: number) => {
    for (const name of readdirSync(at).sort(compareIds)) {
      const path = join(at, name);
      const stat = statSync(path);
      if (stat.isDirectory() && depth < MAX_DEPTH) walk(path, depth + 1);
      else if (stat.isFile()) out.push(path);
      if (out.length > MAX_FILES) throw new CliError(`'${dir}' holds more than ${MAX_FILES} files; point --dir at the matches' folder`);
    }
  };
  walk(dir, 0);
  return out;
}

const isMatchFile = (path: string) => path.endsWith('.match.json') || path.endsWith('/match.json') || path === 'match.json';

/** The state a match ended in: the House's file and a fork's keep it, `play --out` writes it to state.json beside its match.json; null when neither (a parent's copy beside its fork). */
function endedState(bundle: { state?: unknown }, path: string): unknown {
  if (bundle.state !== undefined) return bundle.state;
  if (basename(path) !== 'match.json') return null;
  const beside = join(dirname(path), 'state.json');
  const saved = existsSync(beside) ? (readJsonFile(beside, 'state') as { state?: unknown } | null) : null;
  return saved && typeof saved === 'object' && saved.state !== undefined ? saved.state : null;
}

function board(ratings: Ratings, costs: Parameters<typeof ratingBoard>[1], note: string): string {
  return `${ratings.game} (${note})\n${ratingBoardText(ratingBoard(ratings, costs))}`;
}

const LEGEND = `= marks a rank shared with a neighbour whose 95% interval (mu ± 1.96 sigma) overlaps; provisional: fewer than ${PROVISIONAL_GAMES} rated games; cost in USD from the records' model usage (a strategy costs 0, - unknown)\n`;

/**
 * `bun run house ratings`: the leaderboard with intervals, provisional marks,
 * ties and cost, from a folder of match files (rated in path order, each seat
 * by its result class) or from a ratings file (a tournament's --ratings, a
 * sweep's ratings.json; no costs there but a strategy's 0).
 */
export async function ratingsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCliArgs(argv, { game: { type: 'string' }, dir: { type: 'string' } }, USAGE);
  if (positionals.length > 1) throw new CliError(`usage: ${USAGE}`);
  const only: AnyGame | null = values.game === undefined ? null : (gameById(values.game) ?? null);
  if (values.game !== undefined && !only) throw new CliError(`unknown game '${values.game}' (games: ${Object.keys(games).join(', ')})`);
  const boards: string[] = [];
  if (positionals[0] !== undefined) {
    const parsed = parseRatings(readJsonFile(positionals[0], 'ratings'));
    if (!parsed.ok) throw new CliError(`ratings file '${positionals[0]}' is malformed: ${parsed.error}`);
    if (only && parsed.value.game !== only.id) throw new CliError(`ratings file '${positionals[0]}' holds ${parsed.value.game} ratings, not ${only.id}`);
    boards.push(board(parsed.value, new Map(), positionals[0]));
  } else {
    const dir = values.dir ?? '.';
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`no folder '${dir}'`);
    const files = filesUnder(dir);
    const byGame = new Map<string, EndedMatch[]>();
    // One match is rated once, however many copies the folder holds (a fork keeps its parent's file beside it); a copy with no final state is skipped and counted.
    const rated = new Set<string>();
    const stateless: Array<{ path: string; key: string }> = [];
    for (const path of files.filter(isMatchFile)) {
      const read = readBundle(path, dir);
      if (!read.ok) throw new CliError(read.error);
      if (only && read.bundle.game !== only.id) continue;
      const key = `${read.bundle.game}\n${read.bundle.id}\n${read.bundle.head}`;
      if (rated.has(key)) continue;
      const state = endedState(read.bundle, path);
      if (state === null) {
        stateless.push({ path, key });
        continue;
      }
      rated.add(key);
      const list = byGame.get(read.bundle.game) ?? [];
      list.push({ bundle: read.bundle, state });
      byGame.set(read.bundle.game, list);
    }
    const unread = stateless.filter(({ key }) => !rated.has(key)).map(({ path }) => path);
    if (unread.length) process.stderr.write(`skipped ${unread.length} match file${unread.length === 1 ? '' : 's'} with no final state (no state.json beside it): ${unread.slice(0, 3).join(', ')}${unread.length > 3 ? ', ...' : ''}\n`);
    for (const [id, matches] of [...byGame].sort(([a], [b]) => compareIds(a, b))) {
      const game = gameById(id);
      if (!game) throw new CliError(`match files of an unknown game '${id}'`);
      const { ratings, costs, rated, unrated } = rateMatchFiles(game, matches);
      boards.push(board(ratings, costs, `${rated} rated match${rated === 1 ? '' : 'es'}${unrated ? `, ${unrated} not rated` : ''}`));
    }
    if (!byGame.size) {
      for (const path of files.filter((f) => f.endsWith('ratings.json'))) {
        const parsed = parseRatings(readJsonFile(path, 'ratings'));
        if (parsed.ok && (!only || parsed.value.game === only.id)) boards.push(board(parsed.value, new Map(), path));
      }
    }
    if (!boards.length) throw new CliError(`no match files${only ? ` of ${only.id}` : ''} and no ratings.json under '${dir}'`);
  }
  process.stdout.write(`${boards.join('\n')}\n${LEGEND}`);
  return 0;
}
