import type { CommandAuthor, MatchOwner } from './types.ts';

/**
 * The House's admins from `HOUSE_ADMINS`, by ids the platforms vouch for:
 * GUI entity ids, Discord user ids, and Discord role ids (read by the House
 * from Discord for the message's author). Never a name: anyone can take one.
 */
export interface Admins {
  ids: ReadonlySet<string>;
  discordUsers: ReadonlySet<string>;
  discordRoles: ReadonlySet<string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A Discord id: a snowflake, 17 to 20 digits. */
const SNOWFLAKE = /^\d{17,20}$/;

export const ADMIN_FORMS = 'discord:<user id>, discord-role:<role id>, or a GUI entity id (a UUID)';

/**
 * `HOUSE_ADMINS=discord:80351110224678912, discord-role:41771983423143936,
 * 3f0c...-uuid`. Any other entry (a name, `role:Moderators`, `id:x`) is a
 * problem, each said in one line: the House refuses to start with it.
 */
export function parseAdmins(text: string | null | undefined): { admins: Admins; problems: string[] } {
  const ids = new Set<string>();
  const discordUsers = new Set<string>();
  const discordRoles = new Set<string>();
  const problems: string[] = [];
  for (const raw of (text ?? '').split(/[,;\n]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const [kind, value] = entry.includes(':') ? [entry.slice(0, entry.indexOf(':')).toLowerCase(), entry.slice(entry.indexOf(':') + 1).trim()] : ['', entry];
    if (kind === 'discord' && SNOWFLAKE.test(value)) discordUsers.add(value);
    else if (kind === 'discord-role' && SNOWFLAKE.test(value)) discordRoles.add(value);
    else if (!kind && UUID.test(value)) ids.add(value.toLowerCase());
    else problems.push(`HOUSE_ADMINS entry '${entry.slice(0, 80)}' is not a platform id: names can be taken by anyone; use ${ADMIN_FORMS}`);
  }
  return { admins: { ids, discordUsers, discordRoles }, problems };
}

/** Whether the author is one of the House's admins: by the ids the platform vouches for, never by a name. */
export function isAdmin(admins: Admins, author: CommandAuthor): boolean {
  if ([author.id, author.entityId].some((id) => id && admins.ids.has(id.toLowerCase()))) return true;
  if (author.discordId && admins.discordUsers.has(author.discordId)) return true;
  return (author.roles ?? []).some((role) => admins.discordRoles.has(role));
}

/** Whether the author may control a match (stop, resume, start, kick, answer begs): its owner or an admin. */
export function mayControl(owner: MatchOwner | null | undefined, admins: Admins, author: CommandAuthor): boolean {
  if (!owner) return true;
  return author.id === owner.id || isAdmin(admins, author);
}

/** The refusal a person gets: who may do it instead. */
export function refusal(verb: string, matchId: string, owner: MatchOwner): string {
  return `Only ${owner.name || 'the person who opened it'}, who opened ${matchId}, or a House admin (HOUSE_ADMINS) may !${verb} it.`;
}
