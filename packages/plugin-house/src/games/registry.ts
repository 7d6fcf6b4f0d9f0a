import type { AnyGame } from '../engine/types.ts';

/** Every game The House runs, by id. */
export const games: Record<string, AnyGame> = {};

export function gameIds(): string[] {
  return Object.keys(games);
}
