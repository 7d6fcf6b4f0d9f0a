import type { AnyGame } from './engine/types.ts';
import { cafeGame } from './cafe/cafeGame.ts';
import { goldmineGame } from './goldmine/goldmineGame.ts';
import { influenceGame } from './influence/influenceGame.ts';
import { trustGame } from './trust/trustGame.ts';

/** Every game The House runs, by id. */
export const games: Record<string, AnyGame> = {
  cafe: cafeGame,
  goldmine: goldmineGame,
  influence: influenceGame,
  trust: trustGame,
};

export function gameIds(): string[] {
  return Object.keys(games);
}
