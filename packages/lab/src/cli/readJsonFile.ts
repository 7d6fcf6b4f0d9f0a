import { jsonKeyProblem } from '@the-house/games/engine/safeKey.ts';
import { FILE_LIMITS } from '../files/readBoundedText.ts';
import { CliError } from './cliError.ts';
import { readTextFile } from './readTextFile.ts';

/**
 * A JSON file the CLI was pointed at (scenario, config, ratings, state): a
 * regular file of at most `limit` bytes, valid JSON, with no key that would
 * reach Object's prototype and no absurd nesting. Any failure is one line.
 */
export function readJsonFile(path: string | undefined, what: string, limit: number = FILE_LIMITS.scenario): unknown {
  if (!path) throw new CliError(`missing ${what} file`);
  const text = readTextFile(path, what, limit);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${what} file '${path}' is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const problem = jsonKeyProblem(json);
  if (problem) throw new CliError(`${what} file '${path}' ${problem}`);
  return json;
}
