import { cafeAdapter } from './cafe/cafeAdapter.ts';
import { goldmineAdapter } from './goldmine/goldmineAdapter.ts';
import { influenceAdapter } from './influence/influenceAdapter.ts';
import { matrixAdapter } from './matrix/matrixAdapter.ts';
import { trustAdapter } from './trust/trustAdapter.ts';
import { baseCommands, withCommands, type CommandSpec } from '../commands/parse.ts';
import { gameIds } from '@the-house/games/registry.ts';
import type { AnyGame } from '@the-house/games/engine/types.ts';
import type { HouseGame } from './houseGame.ts';

/** Every game's House module: the one table of the House keyed by game (a test keeps it whole). */
export const houseGames: HouseGame[] = [trustAdapter, cafeAdapter, goldmineAdapter, influenceAdapter, matrixAdapter];

/** Registered games the House has no module for (a test keeps this empty). */
export function gamesWithoutHouseModule(adapters: readonly HouseGame[] = houseGames): string[] {
  return gameIds().filter((id) => !adapters.some((a) => a.game === id));
}

export function houseGameOf(game: string, adapters: readonly HouseGame[] = houseGames): HouseGame | undefined {
  return adapters.find((a) => a.game === game);
}

/** The games as the House names them: each under the title its presentation gives people where it has one (only the name changes). */
export function peopleTitled(games: Readonly<Record<string, AnyGame>>): Record<string, AnyGame> {
  return Object.fromEntries(Object.entries(games).map(([id, g]) => [id, g.presentation.title ? { ...g, title: g.presentation.title } : g]));
}

/** The adapter of `game` that declares the chat verb `verb`. */
export function verbAdapter(game: string, verb: string, adapters: readonly HouseGame[] = houseGames): HouseGame | undefined {
  return adapters.find((a) => a.game === game && a.handle && a.commands?.some((c) => c.verb === verb));
}

/** The House's full command table: the base verbs plus every adapter's. */
export function houseCommandTable(adapters: readonly HouseGame[] = houseGames): CommandSpec[] {
  return withCommands(baseCommands, adapters.flatMap((a) => a.commands ?? []));
}

/** Each game's commands, by game id, for `!help`'s sections: the House's that only its matches use, then its own verbs. */
export function gameCommandsByGame(adapters: readonly HouseGame[] = houseGames): Map<string, CommandSpec[]> {
  return new Map(adapters.map((a) => [a.game, [...baseCommands.filter((s) => a.houseVerbs?.includes(s.verb)), ...(a.commands ?? [])]]));
}
