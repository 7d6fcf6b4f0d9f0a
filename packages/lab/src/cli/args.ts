import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseConfig } from '@the-house/games/engine/config.ts';
import type { AnyGame, PlayerId, Strategy } from '@the-house/games/engine/types.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { gameById, games } from '@the-house/games/registry.ts';
import { CliError, CliHelp } from './cliError.ts';
import { applySettings, parseSets } from './configSettings.ts';
import { readJsonFile } from './readJsonFile.ts';
import { isMcpEntry, mcpOnlyInPlay } from '../remote/remoteEntry.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, strict, with its errors turned into one-line CLI errors; `--help` or `-h` (before any `--`) asks for the usage. */
export function parseCliArgs<O extends Options>(argv: string[], options: O, usage: string) {
  const flags = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (flags.includes('--help') || flags.includes('-h')) throw new CliHelp(usage);
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}\nusage: ${usage}`);
  }
}

export function gameArg(name: string | undefined, usage: string): AnyGame {
  if (!name) throw new CliError(`missing game (games: ${Object.keys(games).join(', ')})\nusage: ${usage}`);
  const game = gameById(name);
  if (!game) throw new CliError(`unknown game '${name}' (games: ${Object.keys(games).join(', ')})`);
  return game;
}

/**
 * A whole-number flag, written in digits (an empty value, `1e3` or `0x10` is
 * refused rather than read as 0, 1000 or 16), within `min`..`max`.
 */
export function intArg(text: string | undefined, name: string, fallback: number, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  if (text === undefined) return fallback;
  const value = /^-?\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = min > Number.MIN_SAFE_INTEGER && max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : min > Number.MIN_SAFE_INTEGER ? ` >= ${min}` : max < Number.MAX_SAFE_INTEGER ? ` <= ${max}` : '';
    throw new CliError(`--${name} must be a whole number${range}, got '${text}'`);
  }
  return value;
}

/**
 * The game's config from an optional JSON file (partial, defaults fill the
 * rest, unknown keys refused), then `--set KEY=VALUE` flags on top of it, in
 * order (a dotted key sets a nested field), each refused with its reason.
 */
export function configArg(game: AnyGame, path: string | undefined, sets: readonly string[] = []): unknown {
  const file = path === undefined ? {} : readJsonFile(path, 'config');
  if (sets.length && (file === null || typeof file !== 'object' || Array.isArray(file))) throw new CliError(`config file '${path}' must hold a JSON object`);
  const raw = sets.length ? applySettings(file as Record<string, unknown>, parseSets(game, sets, file as Record<string, unknown>)) : file;
  const parsed = parseConfig(game, raw);
  if (!parsed.ok) throw new CliError(parsed.error);
  return parsed.value;
}

/** Strategy names from `a,b,...` or `all`, each checked against the game's cast. */
export function strategiesArg(game: AnyGame, list: string | undefined, allowAll: boolean, remote?: (entry: string) => Strategy<any, any>): Strategy<any, any>[] {
  const known = Object.keys(game.strategies);
  if (!list) throw new CliError(`missing --players (strategies: ${allowAll ? 'all, ' : ''}${known.join(', ')})`);
  const names = list === 'all' && allowAll ? known : list.split(',').map((s) => s.trim());
  return names.map((name) => {
    // An agent elsewhere (`a2a:<url>` ...), where the caller plays such seats: it stands in the line-up under its entry.
    if (remote && /^(a2a|http|openai):/i.test(name)) return remote(name);
    if (remote && isMcpEntry(name)) throw new CliError(mcpOnlyInPlay('a tournament'));
    const strategy = ownValue(game.strategies, name);
    if (!strategy) throw new CliError(`unknown ${game.id} strategy '${name}' (strategies: ${known.join(', ')})`);
    return strategy;
  });
}
