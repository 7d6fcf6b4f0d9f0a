import { z } from 'zod';
import { ONE_DAY_MS } from '../engine/timerBounds.ts';

const timer = () => z.number().int().min(1).max(ONE_DAY_MS);

/** The most DMs a config may let one player send in one WHISPER; one decision may carry that many (RULES I-e). */
export const MAX_WHISPERS = 100;

/** Phase timers in milliseconds (spec section 2 defaults), at most a day each; the adapter schedules them, the rules only name them. */
export const influenceTimersSchema = z
  .object({
    whisper: timer().default(600_000),
    rumor: timer().default(300_000),
    vote: timer().default(180_000),
    power: timer().default(120_000),
    reveal: timer().default(30_000),
  })
  .strict();

/**
 * Table stakes of spec 3.4 as settled by RULES.md Influence 1-10; `parse({})`
 * gives the defaults. The player limits are the live lobby's: `!start` needs
 * `minPlayers` (the spec's "≥4"), and the lobby seats at most `maxPlayers`
 * (the spec's settings.maxPlayers; "Starting players: default 8, range 4–12").
 * A headless match seats the ids it is given, 4 to 12.
 */
export const influenceConfigSchema = z
  .object({
    minPlayers: z.number().int().min(4).max(12).default(4),
    maxPlayers: z.number().int().min(4).max(12).default(8),
    timers: influenceTimersSchema.default(() => influenceTimersSchema.parse({})),
    /** Others a `!dm` may name (the spec's range is >= 2). */
    maxDmRecipients: z.number().int().min(2).max(11).default(4),
    /** Longest public post, DM or last message, in characters. */
    maxMessageLength: z.number().int().min(20).max(4000).default(500),
    /** Consecutive rounds with an auto-filled action that eliminate a player for inactivity (RULES I-c). */
    inactivityLimit: z.number().int().min(1).max(20).default(3),
    /** Turns of WHISPER in a headless or House match (RULES I-a): each turn every living player may send DMs and sees the DMs of earlier turns. */
    whisperTurns: z.number().int().min(1).max(10).default(3),
    /** DMs one player may send in one WHISPER, over all its turns; past it, each DM is refused with the reason and the others are delivered (RULES I-e). */
    maxWhispers: z.number().int().min(1).max(MAX_WHISPERS).default(12),
  })
  .strict()
  .refine((c) => c.minPlayers <= c.maxPlayers, { message: 'minPlayers must not exceed maxPlayers' });

export type InfluenceConfig = z.infer<typeof influenceConfigSchema>;
export type InfluenceTimers = z.infer<typeof influenceTimersSchema>;
