import { isAdmin } from '../access.ts';
import { tableOf } from '../tables.ts';
import { allTablesBusyText, roomTakenText, tooManyOfYoursText } from '../texts/deskTexts.ts';
import type { CommandAuthor } from '../types.ts';
import type { DeskHost } from './deskHost.ts';
import { busyTables, lineOf, openAt, openedBy } from './deskTables.ts';

/** Why a new match may not open at the author's table now (one is open there, they hold their share, every table is busy); null when it may. */
export function freeTableProblem(host: DeskHost, author: CommandAuthor): string | null {
  const here = openAt(host, tableOf(author));
  if (here) return roomTakenText(lineOf(host, here));
  const mine = openedBy(host, author);
  if (mine.length >= host.settings.tablesPerPerson && !isAdmin(host.settings.admins, author)) return tooManyOfYoursText(mine.map((t) => t.id), host.settings.tablesPerPerson);
  const busy = busyTables(host);
  return busy.length >= host.settings.maxTables ? allTablesBusyText(host.settings.maxTables, busy.map((t) => lineOf(host, t))) : null;
}
