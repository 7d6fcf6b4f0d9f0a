import { playWhichText } from '../texts/houseTexts.ts';
import type { CommandHandler } from './deskRequest.ts';
import { freeTableProblem } from './freeTableProblem.ts';
import { openMatch } from './openMatch.ts';

/** `!play`: a match at a free table, within what one person and the House may hold open. */
export const playCommand: CommandHandler<'play'> = async ({ host, command, author }) => {
  if (!command.game) return playWhichText(host.games);
  const busy = freeTableProblem(host, author);
  if (busy) return busy;
  const opened = await openMatch(host, command.game, command.players, command.seed, author.origin ?? null, command.options, author, command.config ?? {}, command.open === true);
  return opened.ok ? opened.text : opened.error;
};
