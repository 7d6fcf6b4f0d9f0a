import type { IAgentRuntime } from '@elizaos/core';
import { lookalike } from '@the-house/games/engine/lookalike.ts';
import { RESERVED_KEYS } from '@the-house/games/engine/safeKey.ts';
import type { CommandAuthor } from './types.ts';

const KEY = 'house:people';
/** Names the web GUI gives everyone (it has no name setting): not a name to seat a person under. */
const GENERIC = new Set(['user', 'anon', 'anonymous', 'guest', '']);
/** A name as it looks (`lookalike`: Greek, Cyrillic, full-width or accented letters the same as plain ones), its spaces as one. */
function shape(name: string): string {
  return lookalike(name).replace(/\s+/g, ' ').trim();
}

/**
 * Names that cannot be a seat: the words that name nothing (`__proto__`,
 * `constructor`, `prototype`: `idProblem` refuses them as ids, in any case
 * here), and the House's own words, in whatever letters they look like
 * them (a person named `Τhe Ηouse` in Greek would speak as the House). Every other name of Object.prototype
 * (`valueOf`, `toString`, `hasOwnProperty`...) is a name like any other:
 * nothing the House or a game keeps by player reads it through a prototype.
 */
const RESERVED = new Set([...RESERVED_KEYS, 'me', 'house', 'the house'].map((k) => shape(k)));
export const MAX_NAME = 32;

/** Why a name cannot be a person's seat name, or null when it can. */
export function nameProblem(name: string): string | null {
  if (name.length === 0 || name.length > MAX_NAME) return `a name is 1 to ${MAX_NAME} characters`;
  if (!/^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u.test(name)) return 'a name starts with a letter or digit and holds letters, digits, spaces and . _ \' - only';
  if (RESERVED.has(shape(name))) return `'${name}' is reserved`;
  return null;
}

/**
 * The names people go by at the House's tables: the one they chose with
 * `!name`, else their display name, else (the web GUI calls everyone "user")
 * `Guest-` and the start of their id. Chosen names are kept in the House's
 * database by the person's server id.
 */
export class PeopleNames {
  private chosen: Map<string, string> | null = null;

  constructor(private readonly runtime: IAgentRuntime) {}

  private async load(): Promise<Map<string, string>> {
    if (!this.chosen) {
      const rows = (await this.runtime.getCache<Array<[string, string]>>(KEY)) ?? [];
      this.chosen = new Map(rows.filter((r) => Array.isArray(r) && typeof r[0] === 'string' && typeof r[1] === 'string'));
    }
    return this.chosen;
  }

  /** The name a person sits under, as the House knows them now. */
  async nameOf(author: CommandAuthor): Promise<string> {
    const chosen = (await this.load()).get(author.id);
    if (chosen) return chosen;
    const shown = author.name.trim();
    return GENERIC.has(shown.toLowerCase()) || nameProblem(shown) ? `Guest-${author.id.replace(/[^a-z0-9]/gi, '').slice(0, 4)}` : shown;
  }

  /** Sets a person's name; another person's chosen name is refused. */
  async choose(author: CommandAuthor, name: string): Promise<string | null> {
    const problem = nameProblem(name);
    if (problem) return problem;
    const chosen = await this.load();
    // Taken as it looks: `Аda` with a Cyrillic А is Ada's name.
    for (const [id, taken] of chosen) if (id !== author.id && shape(taken) === shape(name)) return `'${name}' is taken by someone else`;
    chosen.set(author.id, name);
    await this.runtime.setCache(KEY, [...chosen]);
    return null;
  }
}
