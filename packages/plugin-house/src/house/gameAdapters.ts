import type { AnyGame } from '../engine/types.ts';
import { baseCommands, withCommands, type CommandSpec, type HouseCommand } from './commands/parse.ts';
import type { CommandAuthor } from './types.ts';

export interface GameCommandContext {
  matchId: string;
  game: AnyGame;
  /** The running match's state (read-only: only the House changes it, through the game's `apply`). */
  state: unknown;
  author: CommandAuthor;
  /** Posts to the match's game room. */
  say(text: string): Promise<void>;
}

/**
 * A game's own chat verbs (Influence: `!dm`, `!public`, `!empower`, ...). Its
 * `commands` join the House's command table (each an action named in the spec);
 * a parsed `{kind: 'game'}` command reaches `handle` while that game's match runs.
 */
export interface HouseGameAdapter {
  game: string;
  commands: CommandSpec[];
  handle(command: Extract<HouseCommand, { kind: 'game' }>, ctx: GameCommandContext): Promise<string> | string;
}

/** Adapters of the registered games; a game adds its own here. */
export const gameAdapters: HouseGameAdapter[] = [];

/** The House's full command table: the base verbs plus every adapter's. */
export function houseCommandTable(adapters: readonly HouseGameAdapter[] = gameAdapters): CommandSpec[] {
  return withCommands(baseCommands, adapters.flatMap((a) => a.commands));
}
