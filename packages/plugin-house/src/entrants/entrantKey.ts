import { lookalike } from '@the-house/games/engine/lookalike.ts';

/**
 * An entrant's name in the one form names are compared in (the store, `!play
 * @name`, `!entrants remove`, `!entrants open`, HOUSE_ENTRANTS): letters that
 * look alike folded alike (`lookalike`: case, `0` and `O`, `1` and `l`), and
 * the separators a name may hold (`-`, `_`, `.`) left out. `my-bot`,
 * `My_Bot` and `mybot` are one entrant, so whoever has one has them all.
 */
export function entrantKey(name: string): string {
  return lookalike(name).replace(/[-_.]/g, '');
}

/** Whether two names are the same entrant. */
export const sameEntrant = (a: string, b: string): boolean => entrantKey(a) === entrantKey(b);
