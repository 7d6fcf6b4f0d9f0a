import { redactUrl } from '@the-house/lab/models/redact.ts';
import { isAdmin, type Admins } from '../access.ts';
import type { PlayerDirectory } from '../playerDirectory.ts';
import type { CommandAuthor } from '../types.ts';
import { entrantLabel, type Entrant, type OpenBudget } from './entrant.ts';
import { sameEntrant } from './entrantKey.ts';
import type { EntrantStore } from './entrantStore.ts';
import type { EnterArgs } from './parseEnter.ts';
import type { EntrantsCommand } from './parseEntrants.ts';

export interface EntrantDeskHost {
  readonly entrants: EntrantStore;
  readonly admins: Admins;
  /** The player characters of this host: an entrant may not take one's name. */
  readonly players: PlayerDirectory;
  /** People's names (`!name`), for the owner's line. */
  nameOf(author: CommandAuthor): Promise<string>;
  setting(key: string): string | undefined;
  /** Whether the command was typed where only its author and the House read it. */
  privately(author: CommandAuthor): Promise<boolean>;
}

const tokens = (n: number): string => n.toLocaleString('en-US');

/** Who may seat an entrant, in words. */
export function openText(e: Pick<Entrant, 'open' | 'kind'>): string {
  if (!e.open) return 'private';
  const limits = [e.open.matchTokens ? `${tokens(e.open.matchTokens)} tokens a match` : '', e.open.dayTokens ? `${tokens(e.open.dayTokens)} a day` : ''].filter(Boolean);
  return `open to all${limits.length ? ` (${limits.join(', ')})` : ''}`;
}

/** One entrant as `!entrants` lists it: never its key. */
export function entrantLine(e: Entrant): string {
  const where = e.kind === 'mcp' ? 'connects to the House' : `${e.url ? redactUrl(e.url) : ''}${e.model ? ` (${e.model})` : ''}`;
  return `- \`${entrantLabel(e)}\` · ${e.kind} · ${where} · ${e.declared ? "the House's own (HOUSE_ENTRANTS)" : `entered by ${e.owner.name}`} · ${openText(e)}`;
}

/** `!entrants open|close`: its owner (or an admin) lets anyone seat it, within budgets, or takes that back. */
async function openOrClose(host: EntrantDeskHost, name: string, budget: OpenBudget | null, author: CommandAuthor, admin: boolean): Promise<string> {
  const found = await host.entrants.find(name);
  if (!found) return `No entrant named ${name.slice(0, 32)}.`;
  if (found.declared) return `${found.name} is declared in HOUSE_ENTRANTS: who may seat it is the operator's to say there (\`open\`).`;
  if (found.owner.id !== author.id && !admin) return `${found.name} is ${found.owner.name}'s entrant; only they or a House admin may open or close it.`;
  if (budget === null) {
    const { open: _open, ...closed } = found;
    await host.entrants.put(closed, () => true, true);
    return `${found.name} is private again: only ${found.owner.name} or a House admin seats it.`;
  }
  if (found.kind === 'mcp') return `${found.name} connects over MCP with a seat token only its owner is given, so only its owner seats it.`;
  if (found.kind === 'openai' && (!budget.matchTokens || !budget.dayTokens)) return `${found.name} calls a model on ${found.owner.name}'s key: open it with both budgets, \`!entrants open ${found.name} --match-tokens N --day-tokens N\`.`;
  if (found.kind !== 'openai' && (budget.matchTokens || budget.dayTokens)) return `${found.name} (${found.kind}) spends no key of the House's or yours, so it takes no budget: \`!entrants open ${found.name}\`.`;
  const opened: Entrant = { ...found, open: budget };
  await host.entrants.put(opened, () => true, true);
  return `${found.name} is ${openText(opened)}: anyone may seat it with \`!play GAME me,@${found.name}\`${found.kind === 'openai' ? '; past a budget its baseline plays the seat' : ''}. \`!entrants close ${found.name}\` makes it private again.`;
}

/**
 * `!enter` and `!entrants`. A person's key comes only in a direct message
 * and is never echoed: one typed where others read it is refused unstored,
 * with the advice to revoke it. A key in the House's .env is the operator's
 * and is bound to an entrant HOUSE_ENTRANTS declares (`declaredEntrants.ts`),
 * never to a person's `!enter`. An entrant is its owner's: they (or an
 * admin) replace, remove, open or close it; names are one in their
 * canonical form (`entrantKey`).
 */
export async function entrantCommand(host: EntrantDeskHost, command: { kind: 'enter'; entrant: EnterArgs } | EntrantsCommand, author: CommandAuthor): Promise<string> {
  const admin = isAdmin(host.admins, author);
  if (command.kind === 'entrants') {
    if (command.open) return openOrClose(host, command.open.name, command.open.budget, author, admin);
    if (command.close !== undefined) return openOrClose(host, command.close, null, author, admin);
    if (command.remove === undefined) {
      const all = await host.entrants.list();
      return all.length ? `Entrants (\`!play GAME me,@NAME\` seats one; a private one only its owner or an admin seats):\n${all.map(entrantLine).join('\n')}` : 'No entrants yet. `!enter NAME a2a URL` (or mcp, http, openai) registers your agent.';
    }
    const found = await host.entrants.find(command.remove);
    if (!found) return `No entrant named ${command.remove.slice(0, 32)}.`;
    if (found.declared) return `${found.name} is declared in HOUSE_ENTRANTS: the operator removes it there.`;
    if (found.owner.id !== author.id && !admin) return `${found.name} is ${found.owner.name}'s entrant; only they or a House admin may remove it.`;
    await host.entrants.remove(found.name);
    return `${found.name} is no longer entered (matches it sits in now play on).`;
  }
  if (host.players.isAgent(author.id)) return 'A player agent may not enter agents; a person does, with `!enter`.';
  const { name: typed, spec, version, key } = command.entrant;
  if (key !== undefined && !(await host.privately(author))) return `Not entered: a key was typed where others can read it. Revoke that key, then send \`!enter ${typed} openai ...\` with a new one in a direct message to the House.`;
  const agent = host.players.names().find((p) => sameEntrant(p, typed));
  if (agent) return `${typed} is the name of a player agent here${agent === typed ? '' : ` (${agent})`}; enter your agent under another name.`;
  if (spec.kind === 'openai' && key === undefined) return `Not entered: ${typed} needs its key: send \`!enter ${typed} openai BASE_URL MODEL KEY\` in a direct message to the House.`;
  const owner = { id: author.id, name: await host.nameOf(author) };
  // Entered again in another spelling, it keeps the one it has: its ratings and records go on under one name.
  const name = (await host.entrants.find(typed))?.name ?? typed;
  // A new entry starts private: whoever opened the old one opened what it was then.
  const entrant: Entrant = { name, kind: spec.kind, url: spec.url, ...(spec.model ? { model: spec.model } : {}), ...(version ? { version } : {}), owner, ...(key ? { key } : {}), createdAt: Date.now() };
  const refused = await host.entrants.put(entrant, (existing) => !existing.declared && (existing.owner.id === author.id || admin), admin);
  if (refused) return `Not entered: ${refused}`;
  const how = spec.kind === 'mcp' ? ' Its agent connects to the House over MCP with a seat token you are given, privately, for each match it sits in.' : ` It is private: only you or a House admin seat it (\`!entrants open ${name}\` lets anyone).`;
  return `Entered ${entrantLabel(entrant)} (${spec.kind}). \`!play trust me,@${name}\` seats it.${how}`;
}
