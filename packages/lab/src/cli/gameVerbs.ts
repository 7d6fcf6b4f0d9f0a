import { analyzeCommand, logsCommand } from '../games/cafe/cafeCommands.ts';
import { checkCommand } from '../games/goldmine/checkCommand.ts';
import { auditCommand } from '../games/influence/auditCommand.ts';

export type Verb = (argv: string[]) => Promise<number>;

/** CLI verbs that belong to one game (`analyze cafe`, `check goldmine`, `audit influence`), by game then verb. */
export const gameVerbs: ReadonlyMap<string, ReadonlyMap<string, Verb>> = new Map([
  [
    'cafe',
    new Map([
      ['analyze', analyzeCommand],
      ['logs', logsCommand],
    ]),
  ],
  ['goldmine', new Map([['check', checkCommand]])],
  ['influence', new Map([['audit', auditCommand]])],
]);

/** `verb game` pairs, for usage lines and errors. */
export function gameVerbList(): string[] {
  return [...gameVerbs].flatMap(([game, verbs]) => [...verbs.keys()].map((verb) => `${verb} ${game}`));
}
