import type { CommandAuthor } from './types.ts';

/**
 * The table a command was typed at: the room or channel it came from (a
 * Discord channel, a web GUI chat or group). Each table holds at most one open
 * match; commands act on it unless they name another with `--match`. A command
 * from nowhere (the REST API with no room) sits at the `default` table.
 */
export function tableOf(author: Pick<CommandAuthor, 'origin' | 'room'>): string {
  if (author.origin) return `${author.origin.source}:${author.origin.channelId}`;
  if (author.room) return `gui:${author.room.channelId}`;
  return 'default';
}

/** A match by its id or the start of it, among `ids`; an ambiguous prefix names the candidates. */
export function matchByRef(ids: readonly string[], ref: string): { ok: true; id: string } | { ok: false; error: string } {
  const wanted = ref.trim();
  if (!wanted) return { ok: false, error: '--match needs a match id (or its first characters).' };
  if (ids.includes(wanted)) return { ok: true, id: wanted };
  const found = ids.filter((id) => id.startsWith(wanted) || id.split('-').at(-1)!.startsWith(wanted));
  if (found.length === 1) return { ok: true, id: found[0]! };
  if (found.length > 1) return { ok: false, error: `'${wanted}' fits ${found.length} matches (${found.slice(0, 5).join(', ')}${found.length > 5 ? ', ...' : ''}); give more of the id.` };
  return { ok: false, error: `No match '${wanted}'.` };
}
