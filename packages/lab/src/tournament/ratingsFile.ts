import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { CliError } from '../cli/cliError.ts';
import { readJsonFile } from '../cli/readJsonFile.ts';
import { emptyRatings, parseRatings, ratingsJson, type Ratings } from '../ratings/index.ts';

/** Prior ratings from `path`: none yet if the file does not exist; an unreadable, malformed or other game's file is an error. */
export function loadRatings(path: string, game: string): Ratings {
  if (!existsSync(path)) return emptyRatings(game);
  const parsed = parseRatings(readJsonFile(path, 'ratings'));
  if (!parsed.ok) throw new CliError(`ratings file '${path}' is malformed: ${parsed.error}`);
  if (parsed.value.game !== game) throw new CliError(`ratings file '${path}' holds ${parsed.value.game} ratings, not ${game}`);
  return parsed.value;
}

/** Written beside the target and renamed over it, so an interrupted save leaves the previous ratings whole. */
export function saveRatings(path: string, ratings: Ratings): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, ratingsJson(ratings));
    renameSync(temporary, path);
  } catch (error) {
    throw new CliError(`cannot write ratings file '${path}': ${error instanceof Error ? error.message : String(error)}`);
  }
}
