import { readFileSync } from 'node:fs';
import { CliError } from './cliError.ts';

export function readJsonFile(path: string | undefined, what: string): unknown {
  if (!path) throw new CliError(`missing ${what} file`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new CliError(`cannot read ${what} file '${path}'`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${what} file '${path}' is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
