import { z } from 'zod';
import { REMOTE_KINDS } from '@the-house/lab/remote/remoteClient.ts';

/** An entrant's name: what `!play` names it by (`@mybot`), letters first, at most 32. */
export const ENTRANT_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/;
/** A version as the entrant's owner writes it (`1.2`, `2026-11-25`, `v3-rc1`). */
export const ENTRANT_VERSION = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,31}$/;

export const entrantSchema = z
  .object({
    name: z.string().regex(ENTRANT_NAME),
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
    createdAt: z.number().int().nonnegative(),
  })
  .strict();

export type Entrant = z.infer<typeof entrantSchema>;

/** What a rating and a record call the entrant: its name and version. */
export const entrantLabel = (e: Pick<Entrant, 'name' | 'version'>): string => (e.version ? `${e.name}@${e.version}` : e.name);
