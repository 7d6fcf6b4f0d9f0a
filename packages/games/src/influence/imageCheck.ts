import { z } from 'zod';

/**
 * What the House found when it fetched an `img:` URL (the rules can only check
 * its form): `ok`; `refused` (not a png or jpeg, over 1 MB or 512x512, or the
 * server said no), with the reason; or `unchecked` when the check could not
 * run (no network, a timeout), with why: the post goes out with that note.
 */
export const imageCheckSchema = z.discriminatedUnion('verdict', [
  z.object({ verdict: z.literal('ok') }),
  z.object({ verdict: z.literal('refused'), why: z.string().min(1).max(500) }),
  z.object({ verdict: z.literal('unchecked'), why: z.string().min(1).max(500) }),
]);

export type ImageCheck = z.infer<typeof imageCheckSchema>;

/** The House's checks of a RUMOR phase, by player (`external.images`); anything malformed counts as no check. */
export const imageChecksSchema = z.record(z.string(), imageCheckSchema);

/** The check the House made of `player`'s image this phase, if any (outside keys never index a plain object). */
export function imageCheckOf(external: Record<string, unknown> | undefined, player: string): ImageCheck | undefined {
  const parsed = imageChecksSchema.safeParse(external?.images);
  return parsed.success && Object.hasOwn(parsed.data, player) ? parsed.data[player] : undefined;
}
