/**
 * `@Ada` in the House's text becomes `<@id>` for a player whose bot is in the
 * server, so Discord shows and pings her; other names stay plain text.
 * `ids` maps lower-case names to Discord user ids.
 */
export function toDiscordMentions(text: string, ids: ReadonlyMap<string, string>): string {
  if (ids.size === 0) return text;
  return text.replace(/(^|[^\w<])@([\p{L}\p{N}_.-]*[\p{L}\p{N}_])/gu, (whole, before: string, name: string) => {
    const id = ids.get(name.toLowerCase());
    return id ? `${before}<@${id}>` : whole;
  });
}

/**
 * The other way, for commands typed in Discord: plugin-discord turns a mention
 * into `username (@id)` before the House sees it; that (or a raw `<@id>`)
 * becomes `@Name`, the player's name when the id is a player's bot, else the
 * username. `names` maps Discord user ids to player names.
 */
export function fromDiscordMentions(text: string, names: ReadonlyMap<string, string>): string {
  return text
    .replace(/(\S+) \(@(\d{5,})\)/g, (_whole, username: string, id: string) => `@${names.get(id) ?? username}`)
    .replace(/<@!?(\d{5,})>/g, (whole, id: string) => (names.has(id) ? `@${names.get(id)}` : whole));
}
