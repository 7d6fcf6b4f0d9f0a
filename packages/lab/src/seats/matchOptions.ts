import { z } from 'zod';
import { budgetSchema } from '../models/budget.ts';

/**
 * How the House runs one match beyond the game's own config: spending limits
 * for model players, and how many rounds of history a prompt carries in full.
 */
/** The longest pause between rounds a match may ask for (a minute): longer ones look like a hang. */
export const MAX_ROUND_DELAY_MS = 60_000;

export const matchOptionsSchema = z
  .object({
    budget: budgetSchema.default({}),
    historyRounds: z.number().int().min(1).max(10_000).default(12),
    /** The House's pause between rounds for this match (`!play --delay`); the game's default otherwise. */
    roundDelayMs: z.number().int().min(0).max(MAX_ROUND_DELAY_MS).optional(),
  })
  .strict();

export type MatchOptions = z.infer<typeof matchOptionsSchema>;

/** `!play` / `!resume` flags and the option each sets (budgets of tokens or cost, for the match or each player). */
export const optionFlags: Record<string, { path: ['budget', keyof z.infer<typeof budgetSchema>] | ['historyRounds']; integer: boolean }> = {
  '--budget-tokens': { path: ['budget', 'tokens'], integer: true },
  '--budget-cost': { path: ['budget', 'cost'], integer: false },
  '--player-budget-tokens': { path: ['budget', 'playerTokens'], integer: true },
  '--player-budget-cost': { path: ['budget', 'playerCost'], integer: false },
  '--history-rounds': { path: ['historyRounds'], integer: true },
};

/** Sets one flag's value on a partial options object; an error names what is allowed. */
export function applyOptionFlag(options: Record<string, unknown>, flag: string, raw: string | undefined): string | null {
  const spec = optionFlags[flag];
  if (!spec) return `unknown option '${flag}' (options: --seed, ${Object.keys(optionFlags).join(', ')})`;
  const n = raw === undefined ? NaN : Number(raw);
  if (!Number.isFinite(n) || n <= 0 || (spec.integer && !Number.isInteger(n))) return `${flag} needs a positive ${spec.integer ? 'whole number' : 'number'}, got ${raw === undefined ? 'nothing' : `'${raw}'`}`;
  if (spec.path[0] === 'budget') options.budget = { ...((options.budget as Record<string, unknown> | undefined) ?? {}), [spec.path[1]]: n };
  else options.historyRounds = n;
  return null;
}
