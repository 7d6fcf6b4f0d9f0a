import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../../cli/cliError.ts';
import { readJsonFile } from '../../cli/readJsonFile.ts';
import { readTextFile } from '../../cli/readTextFile.ts';
import { checkGoldmineLog } from '@the-house/games/goldmine/checkGoldmineLog.ts';
import { goldmineConfigSchema } from '@the-house/games/goldmine/goldmineConfig.ts';

const USAGE = 'check goldmine <dir written by play --out>';

/**
 * `bun run house check goldmine <dir>`: re-plays the match that `play --out`
 * wrote (events.jsonl and state.json) and checks it with `checkGoldmineLog`:
 * the hash chain up to the published head, every round against its re-play,
 * and the final state. Prints one line; exit 0 when it holds, 1 when it does
 * not, 2 for a missing or unreadable directory.
 */
export async function checkCommand(argv: string[]): Promise<number> {
  const [dir, extra] = argv;
  if (!dir || extra !== undefined) throw new CliError(`usage: ${USAGE}`);
  const eventsPath = join(dir, 'events.jsonl');
  if (!existsSync(eventsPath)) throw new CliError(`no events.jsonl in '${dir}' (usage: ${USAGE})`);
  const saved = readJsonFile(join(dir, 'state.json'), 'state') as { game?: unknown; seed?: unknown; players?: unknown; head?: unknown; state?: { config?: unknown } } | null;
  if (!saved || saved.game !== 'goldmine' || typeof saved.seed !== 'number' || !Array.isArray(saved.players)) throw new CliError(`'${join(dir, 'state.json')}' is not the state of a goldmine match`);
  const config = goldmineConfigSchema.safeParse(saved.state?.config);
  if (!config.success) throw new CliError(`'${join(dir, 'state.json')}' holds no valid goldmine config`);
  const entries = [];
  const lines = readTextFile(eventsPath, 'event log').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]) continue;
    try {
      entries.push(JSON.parse(lines[i]!));
    } catch {
      throw new CliError(`line ${i + 1} of '${eventsPath}' is not JSON`, 1);
    }
  }
  const head = typeof saved.head === 'string' ? saved.head : undefined;
  const result = checkGoldmineLog(config.data, saved.seed, saved.players as string[], entries, { head, final: saved.state });
  if (!result.ok) throw new CliError(`check failed at round ${result.round}: ${result.reason}`, 1);
  process.stdout.write(`ok: ${result.rounds} rounds re-played from seed ${saved.seed}, ${entries.length} entries, chain head ${head ?? '(none)'}\n`);
  return 0;
}
