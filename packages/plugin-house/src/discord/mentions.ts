/**
 * `@Ada` in the House's text becomes `<@id>` for a player whose bot is in the
 * server, so Discord shows and pings her; other names stay plain text.
 * `ids` maps lower-case names to Discord user ids.
 */
export function toDiscordMentions(text: string, ids: ReadonlyMap<string, string>): string {
  return withDiscordMentions(text, ids).text;
}

/**
 * The same, saying whom the text now mentions: the ids to list in
 * `allowed_mentions`, so Discord pings them and nobody else (not a raw
 * `<@id>` or `@everyone` inside a player's words or a beg's reason), and
 * each one's name as written, to turn a piece back into plain text.
 */
export function withDiscordMentions(text: string, ids: ReadonlyMap<string, string>): { text: string; users: string[]; names: Map<string, string> } {
  const names = new Map<string, string>();
  if (ids.size === 0) return { text, users: [], names };
  const replaced = text.replace(/(^|[^\w<])@([\p{L}\p{N}_.-]*[\p{L}\p{N}_])/gu, (whole, before: string, name: string) => {
    const id = ids.get(name.toLowerCase());
    if (!id) return whole;
    if (!names.has(id)) names.set(id, name);
    return `${before}<@${id}>`;
  });
  return { text: replaced, users: [...names.keys()], names };
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
