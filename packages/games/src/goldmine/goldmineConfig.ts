import { z } from 'zod';

/**
 * The ODD's parameters as settled by RULES.md Gold mining; `parse({})` gives the
 * baseline: a 10x10 map, 200 rounds, S = 10 refreshed every round, cap 3,
 * alpha 1 gold per mined stamina, a one-round truce on claims, defense that
 * blocks every raider, and the K=5 history summary (the ODD's default visibility).
 */
export const goldmineConfigSchema = z
  .object({
    /** Side of the square map; plots are 0..size*size-1, row-major. */
    size: z.number().int().min(2).max(32).default(10),
    rounds: z.number().int().min(1).max(10_000).default(200),
    /** Stamina S, reset to this at the start of every round; unused stamina is lost. */
    stamina: z.number().int().min(1).max(100).default(10),
    /** M_CAP: mined stamina per plot per round that yields gold. */
    cap: z.number().int().min(1).max(10).default(3),
    /** Gold per effectively mined stamina. */
    alpha: z.number().positive().max(1000).default(1),
    /** Rounds of raid protection counted from the claim round (RULES 3): 1 = the claim round only. */
    truce: z.number().int().min(0).max(10_000).default(1),
    /** `all`: a defended plot blocks every raider. `perRaid`: one defense point blocks one raider, lowest id first (RULES 4). */
    defense: z.enum(['all', 'perRaid']).default('all'),
    /** What the public history in a view holds: last round only, a K=5 summary, or totals over the whole match. */
    history: z.enum(['last', 'k5', 'full']).default('k5'),
  })
  .strict();

export type GoldmineConfig = z.infer<typeof goldmineConfigSchema>;

/** The largest `k` of one mine action (RULES 2: mine k in 0..3), whatever the cap. */
export const MAX_MINE = 3;
/** Rounds summarised by the `k5` history. */
export const HISTORY_K = 5;
/** Tenure (rounds, counting the acquisition round) from which a holder counts as stable. */
export const STABLE_TENURE = 10;
