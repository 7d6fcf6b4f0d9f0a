import type { IAgentRuntime } from '@elizaos/core';
import { z } from 'zod';
import { jsonKeyProblem } from '@the-house/games/engine/safeKey.ts';
import { entrantSchema, type Entrant } from './entrant.ts';
import { sameEntrant } from './entrantKey.ts';

const KEY = 'house:entrants';
/** The most entrants one House keeps: a list people read in chat, and a bound on what anyone can make it store. */
export const MAX_ENTRANTS = 500;
/** The most one person may register (admins are not bound). */
export const MAX_PER_OWNER = 10;

const storedSchema = z.object({ entrants: z.array(entrantSchema).max(MAX_ENTRANTS) }).strict();

/**
 * The agents people registered to play at the House's tables (`!enter`), in
 * its database (PGLite or PostgreSQL, through the runtime's cache, as JSON
 * text like the ratings). Names are unique in their canonical form
 * (`entrantKey`: case, separators and look-alike letters folded). A row that
 * cannot be read is left out rather than trusted.
 */
export class EntrantStore {
  constructor(private readonly runtime: IAgentRuntime) {}

  async list(): Promise<Entrant[]> {
    const row = await this.runtime.getCache<{ json?: unknown }>(KEY);
    if (!row || typeof row.json !== 'string') return [];
    let raw: unknown;
    try {
      raw = JSON.parse(row.json);
    } catch {
      return [];
    }
    if (jsonKeyProblem(raw, 8)) return [];
    const parsed = storedSchema.safeParse(raw);
    return parsed.success ? parsed.data.entrants : [];
  }

  async find(name: string): Promise<Entrant | undefined> {
    return (await this.list()).find((e) => sameEntrant(e.name, name));
  }

  /** Adds or replaces (same name, same owner) an entrant; a reason in one line when it may not. */
  async put(entrant: Entrant, mayReplace: (existing: Entrant) => boolean, admin: boolean): Promise<string | null> {
    const all = await this.list();
    const at = all.findIndex((e) => sameEntrant(e.name, entrant.name));
    if (at >= 0 && !mayReplace(all[at]!)) return all[at]!.declared ? `${all[at]!.name} is declared by the House's operator (HOUSE_ENTRANTS); pick another name.` : `${all[at]!.name} is someone else's entrant; pick another name.`;
    if (at < 0) {
      if (all.length >= MAX_ENTRANTS) return `The House holds ${MAX_ENTRANTS} entrants already; an admin may remove some.`;
      if (!admin && all.filter((e) => e.owner.id === entrant.owner.id).length >= MAX_PER_OWNER) return `You have ${MAX_PER_OWNER} entrants already; remove one first (\`!entrants remove NAME\`).`;
    }
    const next = at >= 0 ? all.map((e, i) => (i === at ? entrant : e)) : [...all, entrant];
    await this.runtime.setCache(KEY, { json: JSON.stringify({ entrants: next }) });
    return null;
  }

  async remove(name: string): Promise<boolean> {
    const all = await this.list();
    const next = all.filter((e) => !sameEntrant(e.name, name));
    if (next.length === all.length) return false;
    await this.runtime.setCache(KEY, { json: JSON.stringify({ entrants: next }) });
    return true;
  }
}
