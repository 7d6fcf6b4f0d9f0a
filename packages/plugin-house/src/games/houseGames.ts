import { cafeAdapter } from './games/cafe/cafeAdapter.ts';
import { goldmineAdapter } from './games/goldmine/goldmineAdapter.ts';
import { influenceAdapter } from './games/influence/influenceAdapter.ts';
import { trustAdapter } from './games/trust/trustAdapter.ts';
import { baseCommands, withCommands, type CommandSpec } from './commands/parse.ts';
import type { HouseGameAdapter } from './houseGameAdapter.ts';

/** Adapters of the registered games. */
export const gameAdapters: HouseGameAdapter[] = [trustAdapter, cafeAdapter, goldmineAdapter, influenceAdapter];

export function adapterFor(game: string, adapters: readonly HouseGameAdapter[] = gameAdapters): HouseGameAdapter | undefined {
  return adapters.find((a) => a.game === game);
}

/** The adapter of `game` that declares the chat verb `verb`. */
export function verbAdapter(game: string, verb: string, adapters: readonly HouseGameAdapter[] = gameAdapters): HouseGameAdapter | undefined {
  return adapters.find((a) => a.game === game && a.handle && a.commands?.some((c) => c.verb === verb));
}

/** The House's full command table: the base verbs plus every adapter's. */
export function houseCommandTable(adapters: readonly HouseGameAdapter[] = gameAdapters): CommandSpec[] {
  return withCommands(baseCommands, adapters.flatMap((a) => a.commands ?? []));
}

/** Each game's own verbs, by game id, for `!help`'s sections. */
export function gameCommandsByGame(adapters: readonly HouseGameAdapter[] = gameAdapters): Map<string, CommandSpec[]> {
  return new Map(adapters.map((a) => [a.game, [...(a.commands ?? [])]]));
}
