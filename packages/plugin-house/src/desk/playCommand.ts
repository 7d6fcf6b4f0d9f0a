import { isAdmin } from '../access.ts';
import { tableOf } from '../tables.ts';
import { allTablesBusyText, roomTakenText, tooManyOfYoursText } from '../texts/deskTexts.ts';
import { playWhichText } from '../texts/houseTexts.ts';
import type { CommandHandler } from './deskRequest.ts';
import { busyTables, lineOf, openAt, openedBy } from './deskTables.ts';
import { openMatch } from './openMatch.ts';

/** `!play`: a match at a free table, within what one person and the House may hold open. */
export const playCommand: CommandHandler<'play'> = async ({ host, command, author }) => {
  if (!command.game) return playWhichText(host.games);
  const here = openAt(host, tableOf(author));
  if (here) return roomTakenText(lineOf(host, here));
  const mine = openedBy(host, author);
  if (mine.length >= host.settings.tablesPerPerson && !isAdmin(host.settings.admins, author)) return tooManyOfYoursText(mine.map((t) => t.id), host.settings.tablesPerPerson);
  const busy = busyTables(host);
  if (busy.length >= host.settings.maxTables) return allTablesBusyText(host.settings.maxTables, busy.map((t) => lineOf(host, t)));
  const opened = await openMatch(host, command.game, command.players, command.seed, author.origin ?? null, command.options, author, command.config ?? {}, command.open === true);
  return opened.ok ? opened.text : opened.error;
};
