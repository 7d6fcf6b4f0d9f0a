import { z } from 'zod';
import { MAX_EXACT_CENTS } from './cents.ts';

const tokens = () => z.number().int().min(0).max(1_000_000_000);

/** Seats the bound below assumes: the game's maximum. */
const MAX_SEATS = 8;

/**
 * An upper bound, in cents, on what all banks together can hold by the last
 * round: only interest, the best's award and the bonuses add tokens (loans and
 * donations move them, rescues and resurrections remove them), so the total
 * grows at most as `total x (1 + interest) + award + seats x (survival + group)`
 * a round, plus a cent of rounding per seat.
 */
export function richestTotalCents(c: { rounds: number; startTokens: number; interestRate: number; bestAward: number; survivalBonus: number; groupBonus: number }): number {
  let total = MAX_SEATS * c.startTokens * 100;
  const added = (c.bestAward + MAX_SEATS * (c.survivalBonus + c.groupBonus)) * 100 + MAX_SEATS;
  for (let r = 0; r < c.rounds && total <= MAX_EXACT_CENTS; r++) total = total * (1 + c.interestRate) + added;
  return total;
}

/**
 * Table stakes of Café V3 as settled by RULES.md Café 1-7; `parse({})` gives
 * the defaults. Token amounts here are whole tokens; the state keeps cents.
 * A config whose banks could outgrow exact integer cents is refused, because a
 * loan's amount owed (up to twice a bank) must stay exact too.
 */
export const cafeConfigSchema = z
  .object({
    rounds: z.number().int().min(1).max(1000).default(20),
    startTokens: tokens().default(1000),
    /** Compound interest on every living bank at the start of each round. */
    interestRate: z.number().min(0).max(1).default(0.05),
    /** Lowest level a living player can hold; one step below it is elimination. */
    minLevel: z.number().int().min(-100).max(0).default(-5),
    maxLevel: z.number().int().min(0).max(100).default(3),
    bestAward: tokens().default(500),
    survivalBonus: tokens().default(100),
    /** Paid to every living player when all players of the match are alive at the round's end. */
    groupBonus: tokens().default(300),
    rescueCost: tokens().default(1000),
    rescueLevels: z.number().int().min(1).max(100).default(2),
    resurrectCost: tokens().default(2000),
    resurrectLevel: z.number().int().min(-100).max(100).default(-2),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.resurrectLevel < c.minLevel || c.resurrectLevel > c.maxLevel) {
      ctx.addIssue({ code: 'custom', path: ['resurrectLevel'], message: `resurrectLevel must be between minLevel (${c.minLevel}) and maxLevel (${c.maxLevel})` });
    }
    if (2 * richestTotalCents(c) > MAX_EXACT_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['rounds'],
        message: 'with these settings banks could grow past what integer cents keep exact (about 45 trillion tokens); lower rounds, interestRate or the token amounts',
      });
    }
  });

export type CafeConfig = z.infer<typeof cafeConfigSchema>;

/** The level at or below which a player is eliminated (RULES Café 3: -6 by default). */
export function eliminationLevel(config: CafeConfig): number {
  return config.minLevel - 1;
}
