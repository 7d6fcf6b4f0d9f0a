import { gameIds } from '@the-house/games/registry.ts';
import { cafeLab } from './cafe/cafeLab.ts';
import { goldmineLab } from './goldmine/goldmineLab.ts';
import { influenceLab } from './influence/influenceLab.ts';
import type { GameVerb, LabGame } from './labGame.ts';
import { matrixLab } from './matrix/matrixLab.ts';
import { trustLab } from './trust/trustLab.ts';

/** Every game's headless module, by game id: the lab's one table keyed by game (its order is seat-check's). */
export const labGames: ReadonlyMap<string, LabGame> = new Map([trustLab, influenceLab, goldmineLab, cafeLab, matrixLab].map((m) => [m.game.id, m]));

/** The lab's module of a game, or undefined for an id no game has (outside text never reaches a prototype: it is a Map). */
export function labGameOf(id: string): LabGame | undefined {
  return labGames.get(id);
}

/** Registered games the lab has no module for (a test keeps this empty). */
export function gamesWithoutLabModule(): string[] {
  return gameIds().filter((id) => !labGames.has(id));
}

/** A game's own CLI verb (`analyze` of `cafe`), if it has one. */
export function gameVerb(game: string, verb: string): GameVerb | undefined {
  return labGames.get(game)?.verbs?.get(verb);
}

/** Every game verb's usage line, for `bun run house help` and errors. */
export function gameVerbUsages(): string[] {
  return [...labGames.values()].flatMap((m) => [...(m.verbs?.values() ?? [])].map((v) => v.usage));
}

/** `verb game` pairs, for the unknown-command line. */
export function gameVerbList(): string[] {
  return [...labGames.values()].flatMap((m) => [...(m.verbs?.keys() ?? [])].map((verb) => `${verb} ${m.game.id}`));
}
