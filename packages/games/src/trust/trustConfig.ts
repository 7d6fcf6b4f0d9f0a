import { z } from 'zod';
import { ONE_DAY_MS } from '../engine/timerBounds.ts';

/**
 * Environmental triggers (spec 7.4): each round, with probability `chance`,
 * a shock moves every living unit by the same 1..`size` sats, up or down
 * (drawn from the stream seed, round, 'shock'); units whose high-five streak
 * (rounds in a row of matched high fives) is at least `streak` also get
 * `synergy` sats in a negative shock (RULES T-e): cooperators weather losses better.
 */
export const shocksSchema = z
  .object({
    chance: z.number().min(0).max(1).default(0),
    size: z.number().int().min(1).max(20).default(3),
    synergy: z.number().int().min(0).max(20).default(0),
    streak: z.number().int().min(1).max(30).default(3),
  })
  .strict();

/**
 * Table stakes of the Trust spec as settled by RULES.md Trust 1-8; `parse({})`
 * gives the defaults. `begTimeoutMs` is only read by the House (how long a human
 * observer may take before the policy answers); the rules never see the clock.
 */
export const trustConfigSchema = z
  .object({
    startSats: z.number().int().min(1).max(10_000).default(50),
    maxRounds: z.number().int().min(1).max(10_000).default(30),
    /** Probability that a HIGH_FIVE misses and lands as an ATTACK. */
    missChance: z.number().min(0).max(1).default(0.15),
    replicateAt: z.number().int().min(1).max(1_000_000).default(100),
    replicateCost: z.number().int().min(0).max(1_000_000).default(50),
    begMax: z.number().int().min(1).max(10_000).default(20),
    /** Who answers a beg when no observer does in time. */
    observer: z.enum(['decline', 'grant', 'wary']).default('decline'),
    /** Variant (spec 7.1): probability that an intended action is mis-executed as DO_NOTHING. */
    noise: z.number().min(0).max(1).default(0),
    /** `win`: a legal REPLICATE wins at once. `spawn`: the team gains a 25-sat unit and play goes on. */
    replicate: z.enum(['win', 'spawn']).default('win'),
    /** At most a day: a timer past 2^31-1 ms would fire at once, and no observer needs longer. */
    begTimeoutMs: z.number().int().min(1).max(ONE_DAY_MS).default(30_000),
    /** House rule (spec 7.4): environmental shocks; off while `chance` is 0. */
    shocks: shocksSchema.default(() => shocksSchema.parse({})),
    /** House rule (spec 7.5): teams may ally with 3 or more players (`ally`, `leave`, `share` move fields). */
    alliances: z.boolean().default(false),
  })
  .strict();

export type TrustConfig = z.infer<typeof trustConfigSchema>;

/** Sats of a unit spawned by REPLICATE in the `spawn` variant (spec example 6). */
export const SPAWN_SATS = 25;
