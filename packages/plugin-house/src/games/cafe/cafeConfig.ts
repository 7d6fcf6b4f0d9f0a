import { z } from 'zod';

const tokens = () => z.number().int().min(0).max(1_000_000_000);

/**
 * Table stakes of Café V3 as settled by RULES.md Café 1-7; `parse({})` gives
 * the defaults. Token amounts here are whole tokens; the state keeps cents.
 */
export const cafeConfigSchema = z
  .object({
    rounds: z.number().int().min(1).max(1000).default(20),
    startTokens: tokens().default(1000),
    /** Compound interest on every living bank at the start of each round. */
    interestRate: z.number().min(0).max(1).default(0.05),
    /** Lowest level a living player can hold; one step below it is elimination. */
    minLevel: z.number().int().max(0).default(-5),
    maxLevel: z.number().int().min(0).default(3),
    bestAward: tokens().default(500),
    survivalBonus: tokens().default(100),
    /** Paid to every living player when all players of the match are alive at the round's end. */
    groupBonus: tokens().default(300),
    rescueCost: tokens().default(1000),
    rescueLevels: z.number().int().min(1).default(2),
    resurrectCost: tokens().default(2000),
    resurrectLevel: z.number().int().default(-2),
  })
  .strict();

export type CafeConfig = z.infer<typeof cafeConfigSchema>;

/** The level at or below which a player is eliminated (RULES Café 3: -6 by default). */
export function eliminationLevel(config: CafeConfig): number {
  return config.minLevel - 1;
}
