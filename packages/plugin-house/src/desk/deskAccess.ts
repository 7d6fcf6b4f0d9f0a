import { mayControl, refusal } from '../access.ts';
import { openerSits } from '../table/openerSits.ts';
import { agentMayNotText, lobbyClosedText, nobodyAnswersText, noSeatText, onlyPeopleOpenText, seatedMayNotAnswerText } from '../texts/deskTexts.ts';
import type { StoredMatch } from '../types.ts';
import type { DeskRequest, Target } from './deskRequest.ts';
import { seatOf } from './seatOf.ts';

/**
 * Who may use a command, decided by the ids and roles the server vouches for
 * (`CommandAuthor`), never by a name:
 * - `anyone`;
 * - `person`: anyone but a player agent;
 * - `seated`: whoever holds a seat in the match;
 * - `ownerOrAdmin`: the match's opener or a House admin (anyone when the House opened it; no player agent);
 * - `observer`: who may answer begs: the opener or an admin, nobody once the opener sits in it, never a seated person;
 * - `lobbyGuest`: who may sit in a lobby: its opener and the admins, anyone when it was opened to all.
 */
export type Who = 'anyone' | 'person' | 'seated' | 'ownerOrAdmin' | 'observer' | 'lobbyGuest';

type Check = (req: DeskRequest, at: Target) => string | null;

/** The policy that answers a match's begs when no person does (Trust's `observer` config). */
function begPolicy(stored: StoredMatch): string {
  const policy = (stored.config as { observer?: unknown } | null)?.observer;
  return typeof policy === 'string' ? policy : 'beg';
}

/** Nothing to control without an open match: the handler then says there is none. */
const ownerOrAdmin: Check = (req, { live }) => {
  if (!live) return null;
  if (req.fromPlayer) return agentMayNotText(req.command.kind, live.id);
  return mayControl(live.stored.owner, req.host.settings.admins, req.author) ? null : refusal(req.command.kind, live.id, live.stored.owner!);
};

const checks: ReadonlyMap<Who, Check> = new Map<Who, Check>([
  ['anyone', () => null],
  ['person', (req) => (req.fromPlayer ? onlyPeopleOpenText : null)],
  ['seated', (req, { live }) => (live && seatOf(live.stored, req.author) ? null : noSeatText(req.command.kind))],
  ['ownerOrAdmin', ownerOrAdmin],
  [
    'observer',
    (req, at) => {
      const { live } = at;
      if (live && openerSits(live.stored)) return nobodyAnswersText(live.id, live.stored.owner!.name, begPolicy(live.stored));
      const no = ownerOrAdmin(req, at);
      if (no) return no;
      return live && seatOf(live.stored, req.author) ? seatedMayNotAnswerText(live.id) : null;
    },
  ],
  [
    'lobbyGuest',
    (req, { live }) => {
      const owner = live?.stored.owner;
      if (!live || !owner || live.stored.lobbyOpen) return null;
      return !req.fromPlayer && mayControl(owner, req.host.settings.admins, req.author) ? null : lobbyClosedText(owner.name, live.id, live.stored.game);
    },
  ],
]);

/** The one line that refuses this author the command, or null when they may use it. */
export function refusedBy(who: Who, req: DeskRequest, at: Target): string | null {
  return checks.get(who)!(req, at);
}
