import { redactUrl } from '@the-house/lab/models/redact.ts';
import { isPlayerAgent, findPlayer } from '@the-house/plugin-player/playerRegistry.ts';
import { isAdmin, type Admins } from '../access.ts';
import type { CommandAuthor } from '../types.ts';
import { entrantLabel, type Entrant } from './entrant.ts';
import type { EntrantStore } from './entrantStore.ts';
import type { EnterArgs } from './parseEnter.ts';

/** The setting that holds an OpenAI-compatible entrant's key in the House's .env, when its owner put it there. */
export const keySetting = (name: string): string => `HOUSE_ENTRANT_KEY_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

export interface EntrantDeskHost {
  readonly entrants: EntrantStore;
  readonly admins: Admins;
  /** People's names (`!name`), for the owner's line. */
  nameOf(author: CommandAuthor): Promise<string>;
  setting(key: string): string | undefined;
  /** Whether the command was typed where only its author and the House read it. */
  privately(author: CommandAuthor): Promise<boolean>;
}

/** One entrant as `!entrants` lists it: never its key. */
export function entrantLine(e: Entrant): string {
  const where = e.kind === 'mcp' ? 'connects to the House' : `${e.url ? redactUrl(e.url) : ''}${e.model ? ` (${e.model})` : ''}`;
  return `- \`${entrantLabel(e)}\` · ${e.kind} · ${where} · entered by ${e.owner.name}`;
}

/**
 * `!enter` and `!entrants`. A key comes only in a direct message (or the
 * House's .env as HOUSE_ENTRANT_KEY_<NAME>) and is never echoed: one typed
 * where others read it is refused unstored, with the advice to revoke it.
 * An entrant is its owner's: they (or an admin) may replace or remove it.
 */
export async function entrantCommand(host: EntrantDeskHost, command: { kind: 'enter'; entrant: EnterArgs } | { kind: 'entrants'; remove?: string }, author: CommandAuthor): Promise<string> {
  const admin = isAdmin(host.admins, author);
  if (command.kind === 'entrants') {
    if (command.remove === undefined) {
      const all = await host.entrants.list();
      return all.length ? `Entrants (\`!play GAME me,@NAME\` seats one):\n${all.map(entrantLine).join('\n')}` : 'No entrants yet. `!enter NAME a2a URL` (or mcp, http, openai) registers your agent.';
    }
    const found = await host.entrants.find(command.remove);
    if (!found) return `No entrant named ${command.remove.slice(0, 32)}.`;
    if (found.owner.id !== author.id && !admin) return `${found.name} is ${found.owner.name}'s entrant; only they or a House admin may remove it.`;
    await host.entrants.remove(found.name);
    return `${found.name} is no longer entered (matches it sits in now play on).`;
  }
  if (isPlayerAgent(author.id)) return 'A player agent may not enter agents; a person does, with `!enter`.';
  const { name, spec, version, key } = command.entrant;
  if (key !== undefined && !(await host.privately(author))) return `Not entered: a key was typed where others can read it. Revoke that key, then send \`!enter ${name} openai ...\` with a new one in a direct message to the House.`;
  if (findPlayer(name)) return `${name} is the name of a player agent here; enter your agent under another name.`;
  const envKey = host.setting(keySetting(name));
  if (spec.kind === 'openai' && key === undefined && !envKey) return `${name} needs its key: send \`!enter ${name} openai BASE_URL MODEL KEY\` in a direct message to the House, or put ${keySetting(name)} in the House's .env.`;
  const owner = { id: author.id, name: await host.nameOf(author) };
  const entrant: Entrant = { name, kind: spec.kind, url: spec.url, ...(spec.model ? { model: spec.model } : {}), ...(version ? { version } : {}), owner, ...(key ?? envKey ? { key: (key ?? envKey)! } : {}), createdAt: Date.now() };
  const refused = await host.entrants.put(entrant, (existing) => existing.owner.id === author.id || admin, admin);
  if (refused) return `Not entered: ${refused}`;
  const how = spec.kind === 'mcp' ? ' Its agent connects to the House over MCP with a seat token you are given, privately, for each match it sits in.' : '';
  return `Entered ${entrantLabel(entrant)} (${spec.kind}). \`!play trust me,@${name}\` seats it.${how}`;
}
