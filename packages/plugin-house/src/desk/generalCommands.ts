import { houseCommandTable, gameCommandsByGame } from '../games/houseGames.ts';
import { entrantCommand } from '../entrants/entrantDesk.ts';
import { EntrantStore } from '../entrants/entrantStore.ts';
import { typedPrivately } from '../entrants/typedPrivately.ts';
import { gamesText } from '../texts/houseTexts.ts';
import { helpText } from '../texts/helpText.ts';
import { nameChosenText, nameRefusedText } from '../texts/deskTexts.ts';
import type { CommandAuthor } from '../types.ts';
import type { CommandHandler, DeskRequest } from './deskRequest.ts';

const stringSetting = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** `!enter` and `!entrants`: the entrant desk, which checks its own access (an entrant's owner, or an admin). */
function entrants<K extends 'enter' | 'entrants'>(req: DeskRequest<K>): Promise<string> {
  const { host } = req;
  const desk = {
    entrants: new EntrantStore(host.runtime),
    admins: host.settings.admins,
    players: host.players,
    nameOf: (a: CommandAuthor) => host.people.nameOf(a),
    setting: (key: string) => stringSetting(host.runtime.getSetting(key)),
    privately: (a: CommandAuthor) => typedPrivately(host.gateway, a),
  };
  return entrantCommand(desk, req.command, req.author);
}

/** The commands about no match: anyone may use them at any time. */
export const generalCommands: {
  help: CommandHandler<'help'>;
  games: CommandHandler<'games'>;
  name: CommandHandler<'name'>;
  enter: CommandHandler<'enter'>;
  entrants: CommandHandler<'entrants'>;
} = {
  help: ({ host, command, author }) => helpText({ games: host.games, table: houseCommandTable(), dashboardUrl: host.settings.dashboardUrl, byGame: gameCommandsByGame(), topic: command.topic, inGui: !author.origin }),
  games: ({ host }) => gamesText(host.games),
  name: async ({ host, author, command }) => {
    const problem = await host.people.choose(author, command.name);
    return problem ? nameRefusedText(problem) : nameChosenText(command.name);
  },
  enter: entrants,
  entrants,
};
