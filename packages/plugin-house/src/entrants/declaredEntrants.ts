import { z } from 'zod';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { jsonKeyProblem } from '@the-house/games/engine/safeKey.ts';
import { urlProblem } from '@the-house/lab/remote/remoteSpec.ts';
import { ENTRANT_VERSION, entrantNameProblem, openBudgetSchema, type Entrant } from './entrant.ts';
import { entrantKey, sameEntrant } from './entrantKey.ts';
import type { EntrantStore } from './entrantStore.ts';

/** Who owns a declared entrant: the House's operator, whom no chat author can be. */
export const OPERATOR = Object.freeze({ id: 'house:operator', name: "the House's operator" });

/** The most entrants HOUSE_ENTRANTS may declare. */
export const MAX_DECLARED = 64;

const ENV_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

const declaredSchema = z
  .object({
    name: z.string().refine((name) => entrantNameProblem(name) === null, { message: "is not an entrant's name (a letter, then letters, digits, dots, dashes or underscores, at most 32; not __proto__, constructor or prototype)" }),
    kind: z.enum(['a2a', 'http', 'openai']),
    url: z.string().refine((url) => urlProblem(url, 'url') === null, { message: 'is not an http or https URL without a user name or password' }),
    model: z.string().min(1).max(128).regex(/^\S+$/).optional(),
    version: z.string().regex(ENTRANT_VERSION).optional(),
    /** The setting (in the House's .env) that holds an OpenAI-compatible entrant's key. */
    keyEnv: z.string().regex(ENV_NAME, { message: 'names a setting: capitals, digits and underscores' }).optional(),
    /** Anyone may seat it, within these budgets; absent, only admins do. */
    open: openBudgetSchema.optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.kind === 'openai' && !e.model) ctx.addIssue({ code: 'custom', path: ['model'], message: 'an openai entrant needs its model' });
    if (e.kind === 'openai' && !e.keyEnv) ctx.addIssue({ code: 'custom', path: ['keyEnv'], message: 'an openai entrant needs keyEnv, the setting that holds its key' });
    if (e.kind !== 'openai' && (e.model || e.keyEnv)) ctx.addIssue({ code: 'custom', path: [e.model ? 'model' : 'keyEnv'], message: 'only an openai entrant has a model and a key' });
  });

export type DeclaredEntrant = z.infer<typeof declaredSchema>;

const listSchema = z.array(declaredSchema).max(MAX_DECLARED);

/**
 * HOUSE_ENTRANTS: the entrants the operator declares, as JSON (a list of
 * `{name, kind, url, model?, version?, keyEnv?, open?}`), or the path of a
 * file the operator owns that holds it. Each key in the House's .env is bound
 * to one declared name, URL and model through `keyEnv`; nothing else ever
 * reads it. Every problem is said in one line, naming what to fix.
 */
export function parseDeclaredEntrants(text: string | undefined, readFile: (path: string) => string | null): { ok: true; entrants: DeclaredEntrant[] } | { ok: false; error: string } {
  const given = text?.trim() ?? '';
  if (!given) return { ok: true, entrants: [] };
  let json = given;
  if (!given.startsWith('[') && !given.startsWith('{')) {
    const read = readFile(given);
    if (read === null) return { ok: false, error: `HOUSE_ENTRANTS names the file ${JSON.stringify(given.slice(0, 200))}, which cannot be read; give the JSON list itself or a readable file` };
    json = read;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, error: 'HOUSE_ENTRANTS is not valid JSON; expected [{"name": "...", "kind": "a2a|http|openai", "url": "https://...", "model"?: "...", "keyEnv"?: "HOUSE_ENTRANT_KEY_...", "open"?: {"matchTokens": N, "dayTokens": N}}]' };
  }
  const keys = jsonKeyProblem(raw, 6);
  if (keys) return { ok: false, error: `HOUSE_ENTRANTS ${keys}` };
  const parsed = listSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `HOUSE_ENTRANTS: ${formatZodError(parsed.error).split('\n').join(' ')}` };
  const seen = new Map<string, string>();
  for (const e of parsed.data) {
    const other = seen.get(entrantKey(e.name));
    if (other !== undefined) return { ok: false, error: `HOUSE_ENTRANTS declares ${other} twice (${e.name} is the same name)` };
    seen.set(entrantKey(e.name), e.name);
  }
  return { ok: true, entrants: parsed.data };
}

/** A declared entrant as the store keeps it: the operator's, with the name of the setting that holds its key (never the key). */
export function declaredEntrant(e: DeclaredEntrant, now: number): Entrant {
  return {
    name: e.name,
    kind: e.kind,
    url: e.url,
    ...(e.model ? { model: e.model } : {}),
    ...(e.version ? { version: e.version } : {}),
    owner: { ...OPERATOR },
    declared: true,
    ...(e.keyEnv ? { keyEnv: e.keyEnv } : {}),
    ...(e.open ? { open: e.open } : {}),
    createdAt: now,
  };
}

/**
 * At boot: the store holds exactly the entrants HOUSE_ENTRANTS declares (as
 * the operator's), beside the people's. A person's entrant under a declared
 * name (in any form) gives way, and one no longer declared goes; each is
 * said in a line for the host log.
 */
export async function syncDeclaredEntrants(store: EntrantStore, declared: readonly DeclaredEntrant[], now = Date.now()): Promise<string[]> {
  const notes: string[] = [];
  for (const e of await store.list()) {
    const wanted = declared.find((d) => sameEntrant(d.name, e.name));
    if (e.declared && !wanted) {
      await store.remove(e.name);
      notes.push(`${e.name} is no longer in HOUSE_ENTRANTS and is removed`);
    } else if (!e.declared && wanted) {
      await store.remove(e.name);
      notes.push(`HOUSE_ENTRANTS declares ${wanted.name}: ${e.owner.name}'s entrant ${e.name} had that name and is removed`);
    }
  }
  for (const d of declared) {
    const refused = await store.put(declaredEntrant(d, now), (existing) => existing.declared === true, true);
    if (refused) notes.push(`HOUSE_ENTRANTS: ${d.name} could not be kept: ${refused}`);
  }
  return notes;
}

/**
 * The key of a declared OpenAI-compatible entrant, read from its `keyEnv`
 * setting only for the very name, URL and model HOUSE_ENTRANTS declares
 * now: a seat recorded with any other URL or model gets none.
 */
export function declaredKey(declared: readonly DeclaredEntrant[], seat: { entrant: string; url: string | null; model?: string }, setting: (key: string) => string | undefined): string | undefined {
  const d = declared.find((e) => e.name === seat.entrant);
  if (!d || d.kind !== 'openai' || !d.keyEnv || d.url !== seat.url || d.model !== seat.model) return undefined;
  return setting(d.keyEnv) || undefined;
}
