import type { CommandAuthor, MatchOwner } from './types.ts';

/** The House's admins from `HOUSE_ADMINS`: entity ids, and names (a person's name on the server, or a Discord role). */
export interface Admins {
  ids: ReadonlySet<string>;
  names: ReadonlySet<string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `HOUSE_ADMINS=3f0c...-uuid, Pat, role:Moderators`: a UUID is an entity id
 * (as the server knows the person), `id:<x>` any other id, `role:<x>` a
 * Discord role, any other entry a name (of a person or a role). Names compare
 * without case.
 */
export function parseAdmins(text: string | null | undefined): Admins {
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const raw of (text ?? '').split(/[,;\n]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry.startsWith('id:')) ids.add(entry.slice(3).trim());
    else if (entry.startsWith('role:')) names.add(entry.slice(5).trim().toLowerCase());
    else if (UUID.test(entry)) ids.add(entry.toLowerCase());
    else names.add(entry.toLowerCase());
  }
  return { ids, names };
}

/** Whether the author is one of the House's admins: by the server's ids for them, their names on the server, or their Discord roles. */
export function isAdmin(admins: Admins, author: CommandAuthor): boolean {
  if ([author.id, author.entityId].some((id) => id && admins.ids.has(id.toLowerCase()))) return true;
  const names = [...(author.names ?? []), ...(author.roles ?? [])];
  return names.some((n) => admins.names.has(n.trim().toLowerCase()));
}

/** Whether the author may control a match (stop, resume, start, answer begs): its owner or an admin. */
export function mayControl(owner: MatchOwner | null | undefined, admins: Admins, author: CommandAuthor): boolean {
  if (!owner) return true;
  return author.id === owner.id || isAdmin(admins, author);
}

/** The refusal a person gets: who may do it instead. */
export function refusal(verb: string, matchId: string, owner: MatchOwner): string {
  return `Only ${owner.name || 'the person who opened it'}, who opened ${matchId}, or a House admin (HOUSE_ADMINS) may !${verb} it.`;
}
