import { z } from 'zod';
import type { PlayerId } from '@the-house/games/engine/types.ts';

/**
 * Spending limits of a match, in tokens (in + out) or cost (price table
 * units), for the whole match and for each player. Absent means no limit.
 */
/** Bounds of a budget: a trillion tokens, a billion in cost, and more than nothing. */
export const BUDGET_LIMITS = {
  tokens: { min: 1, max: 1_000_000_000_000 },
  cost: { min: 0.000001, max: 1_000_000_000 },
} as const;

const tokens = () => z.number().int().min(BUDGET_LIMITS.tokens.min).max(BUDGET_LIMITS.tokens.max);
const cost = () => z.number().min(BUDGET_LIMITS.cost.min).max(BUDGET_LIMITS.cost.max);

export const budgetSchema = z
  .object({
    tokens: tokens().optional(),
    cost: cost().optional(),
    playerTokens: tokens().optional(),
    playerCost: cost().optional(),
  })
  .strict();

export type Budget = z.infer<typeof budgetSchema>;

export interface Spend {
  tokens: number;
  cost: number;
}

export const NO_SPEND: Spend = { tokens: 0, cost: 0 };

/** Why a player may not call its model any more, or null while it may. */
export function playerOverBudget(budget: Budget, spent: Spend): string | null {
  if (budget.playerTokens !== undefined && spent.tokens >= budget.playerTokens) return `its token budget is spent (${spent.tokens} of ${budget.playerTokens})`;
  if (budget.playerCost !== undefined && spent.cost >= budget.playerCost) return `its cost budget is spent (${spent.cost.toFixed(4)} of ${budget.playerCost})`;
  return null;
}

/** Why the match must stop, or null while it may go on. */
export function matchOverBudget(budget: Budget, spent: Spend): string | null {
  if (budget.tokens !== undefined && spent.tokens >= budget.tokens) return `the match's token budget is spent (${spent.tokens} of ${budget.tokens})`;
  if (budget.cost !== undefined && spent.cost >= budget.cost) return `the match's cost budget is spent (${spent.cost.toFixed(4)} of ${budget.cost})`;
  return null;
}

export function addSpend(a: Spend, b: Spend): Spend {
  return { tokens: a.tokens + b.tokens, cost: a.cost + b.cost };
}

export type SpendByPlayer = Record<PlayerId, Spend>;
