import { z } from 'zod';
import { formatZodError } from '@the-house/games/engine/errors.ts';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { budgetSchema, BUDGET_LIMITS } from '../models/budget.ts';

/** Rounds of history a prompt may carry in full. */
export const HISTORY_ROUNDS = { min: 1, max: 10_000 } as const;

/**
 * How the House runs one match beyond the game's own config: spending limits
 * for model players, and how many rounds of history a prompt carries in full.
 */
/** The longest pause between rounds a match may ask for (a minute): longer ones look like a hang. */
export const MAX_ROUND_DELAY_MS = 60_000;

export const matchOptionsSchema = z
  .object({
    budget: budgetSchema.default({}),
    historyRounds: z.number().int().min(HISTORY_ROUNDS.min).max(HISTORY_ROUNDS.max).default(12),
    /** The House's pause between rounds for this match (`!play --delay`); the game's default otherwise. */
    roundDelayMs: z.number().int().min(0).max(MAX_ROUND_DELAY_MS).optional(),
  })
  .strict();

export type MatchOptions = z.infer<typeof matchOptionsSchema>;

interface OptionFlag {
  path: ['budget', keyof z.infer<typeof budgetSchema>] | ['historyRounds'];
  integer: boolean;
  min: number;
  max: number;
}

/** `!play` / `!resume` flags and the option each sets (budgets of tokens or cost, for the match or each player), with the schema's bounds. */
export const optionFlags: Readonly<Record<string, OptionFlag>> = {
  '--budget-tokens': { path: ['budget', 'tokens'], integer: true, ...BUDGET_LIMITS.tokens },
  '--budget-cost': { path: ['budget', 'cost'], integer: false, ...BUDGET_LIMITS.cost },
  '--player-budget-tokens': { path: ['budget', 'playerTokens'], integer: true, ...BUDGET_LIMITS.tokens },
  '--player-budget-cost': { path: ['budget', 'playerCost'], integer: false, ...BUDGET_LIMITS.cost },
  '--history-rounds': { path: ['historyRounds'], integer: true, ...HISTORY_ROUNDS },
};

/** Sets one flag's value on a partial options object; an error is one line naming what is allowed. */
export function applyOptionFlag(options: Record<string, unknown>, flag: string, raw: string | undefined): string | null {
  const spec = ownValue(optionFlags, flag);
  if (!spec) return `unknown option '${flag}' (options: --seed, ${Object.keys(optionFlags).join(', ')})`;
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n) || n < spec.min || n > spec.max || (spec.integer && !Number.isInteger(n))) {
    return `${flag} must be a ${spec.integer ? 'whole number' : 'number'} from ${spec.min} to ${spec.max}, got ${raw === undefined ? 'nothing' : `'${raw}'`}`;
  }
  if (spec.path[0] === 'budget') options.budget = { ...((options.budget as Record<string, unknown> | undefined) ?? {}), [spec.path[1]]: n };
  else options.historyRounds = n;
  return null;
}

/** A refusal of the options schema as one line, in the flags' own words where a flag sets the field. */
export function matchOptionsProblem(error: z.ZodError): string {
  const byPath = new Map(Object.entries(optionFlags).map(([flag, spec]) => [spec.path.join('.'), { flag, spec }]));
  return error.issues
    .map((issue) => {
      const found = byPath.get(issue.path.join('.'));
      if (!found) return formatZodError(new z.ZodError([issue]));
      return `${found.flag} must be a ${found.spec.integer ? 'whole number' : 'number'} from ${found.spec.min} to ${found.spec.max}`;
    })
    .join('; ');
}
