import { replay } from '@the-house/games/engine/replay.ts';
import { games } from '@the-house/games/registry.ts';
import { CliError } from './cliError.ts';
import { readJsonFile } from './readJsonFile.ts';

/** `bun run house replay <scenario.json>`: fixed decisions in, the rounds as JSON out (the replay contract). */
export async function replayCommand(argv: string[]): Promise<number> {
  const result = replay(games, readJsonFile(argv[0], 'scenario'));
  if (!result.ok) throw new CliError(result.error);
  process.stdout.write(`${JSON.stringify(result.value)}\n`);
  return 0;
}
