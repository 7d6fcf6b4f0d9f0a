import { z } from 'zod';
import { MAX_MINE } from './goldmineConfig.ts';

const plot = z.number().int('plot must be a whole number').min(0, 'plot must be >= 0');

/**
 * One action of a player's ordered list. Plot bounds depend on the map size, so
 * the map check lives in the cleaning step; unknown keys are dropped so a
 * model's extra chatter does not cost it the action.
 */
export const goldmineActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('claim'), plot }),
  z.object({ type: z.literal('raid'), plot }),
  z.object({ type: z.literal('defend'), plot }),
  z.object({ type: z.literal('mine'), plot, k: z.number().int('k must be a whole number').min(0, `k must be 0..${MAX_MINE}`).max(MAX_MINE, `k must be 0..${MAX_MINE}`) }),
]);

/** `{"actions": [...]}`: the list's order is the player's priority for tail pruning. */
export const goldmineDecisionSchema = z.object({ actions: z.array(goldmineActionSchema) });

export type GoldmineAction = z.infer<typeof goldmineActionSchema>;
export type GoldmineDecision = z.infer<typeof goldmineDecisionSchema>;
export type ActionType = GoldmineAction['type'];

export const ACTION_TYPES: readonly ActionType[] = ['claim', 'raid', 'defend', 'mine'];
