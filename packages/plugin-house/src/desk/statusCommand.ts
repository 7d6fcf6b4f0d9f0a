import { isAdmin, mayControl } from '../access.ts';
import { publicSummary } from '../records/audience.ts';
import { matchSummary, spendOf } from '../records/matchSummary.ts';
import { observerLinkLine } from '../reveal/secretLinks.ts';
import { isOpen, type Table } from '../table/table.ts';
import { noMatchHereText, noMatchYetText } from '../texts/deskTexts.ts';
import { statusText } from '../texts/houseTexts.ts';
import type { StoredMatch } from '../types.ts';
import type { DeskHost } from './deskHost.ts';
import type { CommandHandler, DeskRequest } from './deskRequest.ts';
import { lineOf, tablesOf } from './deskTables.ts';

/** An open match's status; asked privately by its owner or an admin, it carries the observer link. */
function openStatus(req: DeskRequest<'status'>, live: Table): string {
  const { host, author } = req;
  const text = statusText(publicSummary(host.games, live.summary()), live.stored, live.match?.state ?? live.stored.state, live.observer.pending(), live.fileNote(), host.games[live.stored.game]?.scoreName);
  const owner = live.stored.owner;
  const watcher = author.private === true && !req.fromPlayer && (owner ? mayControl(owner, host.settings.admins, author) : isAdmin(host.settings.admins, author));
  return watcher && live.stored.observerKey ? `${text}\n${observerLinkLine(host.runtime, host.settings.peopleUrl, live.id, live.stored.observerKey)}` : text;
}

/** The status of a match that is not open here: one still closing, or closed. */
function closedStatus(host: DeskHost, stored: StoredMatch): string {
  const closing = host.tables.get(stored.id);
  const unit = host.games[stored.game]?.scoreName ?? '';
  if (closing) return statusText(publicSummary(host.games, closing.summary()), stored, closing.match?.state ?? stored.state, [], closing.fileNote(), unit);
  return statusText(matchSummary(host.games, stored, stored.state, spendOf(stored.record)), stored, stored.state, [], host.records.fileNote(stored), unit);
}

/** `!status`: the match here, else one closed here, else the open tables and how to name one. */
export const statusCommand: CommandHandler<'status'> = (req, { live, stored }) => {
  const { host } = req;
  if (live) return openStatus(req, live);
  if (stored) return closedStatus(host, stored);
  const open = tablesOf(host).filter((t) => isOpen(t.stored.status));
  if (!open.length) return noMatchYetText(Object.keys(host.games));
  return noMatchHereText(open.map((t) => lineOf(host, t)));
};
