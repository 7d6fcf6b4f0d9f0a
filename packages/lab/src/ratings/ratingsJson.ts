import { z } from 'zod';
import type { Parsed } from '@the-house/games/engine/config.ts';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { compareIds, RATING_SYSTEM, type Ratings } from './ratingTable.ts';

const participantSchema = z
  .strictObject({
    mu: z.number(),
    sigma: z.number().positive(),
    matches: z.int().nonnegative(),
    wins: z.int().nonnegative(),
  })
  .refine((r) => r.wins <= r.matches, { message: 'wins exceed matches' });

const ratingsSchema = z.strictObject({
  system: z.literal(RATING_SYSTEM, { error: `must be '${RATING_SYSTEM}' (ratings from another rating system cannot be combined)` }),
  game: z.string().min(1),
  participants: z.record(z.string().min(1), participantSchema),
});

/** Ratings read back from JSON (a file, a database row), checked field by field. */
export function parseRatings(raw: unknown): Parsed<Ratings> {
  const parsed = ratingsSchema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: formatZodError(parsed.error) };
}

/** Ratings as JSON text, participants in id order, so equal ratings give equal bytes and files diff well. */
export function ratingsJson(ratings: Ratings): string {
  const ids = Object.keys(ratings.participants).sort(compareIds);
  const participants = Object.fromEntries(ids.map((id) => [id, ratings.participants[id]!]));
  return `${JSON.stringify({ system: ratings.system, game: ratings.game, participants }, null, 2)}\n`;
}
