import { readFileSync } from 'node:fs';
import { replay } from '../engine/replay.ts';
import { games } from '../games/registry.ts';
import { playCommand } from './play.ts';
import { tournamentCommand } from './tournament.ts';
import { replayMatchCommand } from './replayMatchCommand.ts';

/** An expected failure: printed as one line, exit code 2. */
export class CliError extends Error {
  constructor(message: string, readonly code = 2) {
    super(message);
  }
}

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

async function replayCommand(argv: string[]): Promise<number> {
  const result = replay(games, readJsonFile(argv[0], 'scenario'));
  if (!result.ok) throw new CliError(result.error);
  process.stdout.write(`${JSON.stringify(result.value)}\n`);
  return 0;
}

export const commands: Record<string, (argv: string[]) => Promise<number>> = {
  replay: replayCommand,
  play: playCommand,
  tournament: tournamentCommand,
  'replay-match': replayMatchCommand,
};
