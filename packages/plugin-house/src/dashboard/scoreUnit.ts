import { games } from '@the-house/games/registry.ts';

/** What a game's score counts, for column headers and axis titles. */
export function scoreUnit(game: string): string {
  return games[game]?.scoreName ?? 'score';
}
