import type { AnyGame } from './engine/types.ts';
import { nullRecord, ownValue } from './engine/safeKey.ts';
import { cafeGame } from './cafe/cafeGame.ts';
import { goldmineGame } from './goldmine/goldmineGame.ts';
import { influenceGame } from './influence/influenceGame.ts';
import { matrixGame } from './matrix/matrixGame.ts';
import { trustGame } from './trust/trustGame.ts';

/**
 * Every game The House runs, by id. A record without a prototype, so a game
 * named by outside text (`constructor`, `toString`, `__proto__`) is simply unknown.
 */
export const games: Readonly<Record<string, AnyGame>> = Object.freeze(
  nullRecord<AnyGame>([
    ['cafe', cafeGame],
    ['goldmine', goldmineGame],
    ['influence', influenceGame],
    ['matrix', matrixGame],
    ['trust', trustGame],
  ]),
);

export function gameIds(): string[] {
  return Object.keys(games);
}

/** The game with this id, or undefined: never a field of Object's prototype, whatever table is given. */
export function gameById(id: string, table: Readonly<Record<string, AnyGame>> = games): AnyGame | undefined {
  return ownValue(table, id);
}
