import { z } from 'zod';
import { idProblem } from '@the-house/games/engine/safeKey.ts';
import { REMOTE_KINDS } from '@the-house/lab/remote/remoteClient.ts';

/** An entrant's name: what `!play` names it by (`@mybot`), letters first, at most 32. */
export const ENTRANT_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/;
/** A version as the entrant's owner writes it (`1.2`, `2026-11-25`, `v3-rc1`). */
export const ENTRANT_VERSION = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,31}$/;

/** Why `name` cannot name an entrant (the pattern, then the checks every id passes: `constructor` fits the pattern but names nothing), or null. */
export function entrantNameProblem(name: string): string | null {
  if (!ENTRANT_NAME.test(name)) return "an entrant's name is a letter then letters, digits, dots, dashes or underscores (at most 32)";
  return idProblem(name, "an entrant's name");
}

/** The most tokens an open entrant's budget may name (a match's or a day's). */
export const MAX_OPEN_TOKENS = 100_000_000;

/**
 * What its owner lets others spend when they seat an open entrant: its
 * model's tokens (prompt and answer, as the House counts them) in one match,
 * and in one day (UTC) over every match others seat it in. Only an
 * OpenAI-compatible entrant spends (its owner's key); others take none.
 */
export const openBudgetSchema = z
  .object({
    matchTokens: z.number().int().min(1).max(MAX_OPEN_TOKENS).optional(),
    dayTokens: z.number().int().min(1).max(MAX_OPEN_TOKENS).optional(),
  })
  .strict();

export type OpenBudget = z.infer<typeof openBudgetSchema>;

export const entrantSchema = z
  .object({
    name: z.string().refine((name) => entrantNameProblem(name) === null, "an entrant's name"),
    kind: z.enum(REMOTE_KINDS),
    /** Where the House calls it; null for MCP (the agent calls the House). */
    url: z.string().max(2_048).nullable(),
    /** The model an OpenAI-compatible endpoint serves. */
    model: z.string().max(128).optional(),
    version: z.string().regex(ENTRANT_VERSION).optional(),
    /** Who registered it: they, or an admin, may remove it; an MCP seat's token goes to them. */
    owner: z.object({ id: z.string().min(1).max(256), name: z.string().max(128) }).strict(),
    /** An OpenAI-compatible endpoint's key, given privately; never shown, never recorded. */
    key: z.string().max(512).optional(),
    /** Declared by the House's operator in HOUSE_ENTRANTS: made at boot, the operator's, its key read from `keyEnv` for its declared URL and model only. */
    declared: z.literal(true).optional(),
    /** The setting that holds a declared OpenAI-compatible entrant's key. */
    keyEnv: z.string().max(64).optional(),
    /** Seated by anyone, within these budgets (its owner's choice, `!entrants open`); absent, only its owner or an admin seats it. */
    open: openBudgetSchema.optional(),
    createdAt: z.number().int().nonnegative(),
  })
  .strict();

export type Entrant = z.infer<typeof entrantSchema>;

/** What a rating and a record call the entrant: its name and version. */
export const entrantLabel = (e: Pick<Entrant, 'name' | 'version'>): string => (e.version ? `${e.name}@${e.version}` : e.name);
