import { z } from 'zod';
import { TALK_MAX } from './goldmineConfig.ts';

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
  // The match's cap (at most 10) bounds k further when the answer is cleaned (RULES G-a).
  z.object({ type: z.literal('mine'), plot, k: z.number().int('k must be a whole number').min(0, 'k must be 0..cap').max(10, 'k must be 0..cap') }),
]);

/** The ODD's categories in the order RULES G-c reads them, so tail pruning drops raids first. */
const CATEGORIES = ['defend', 'mine', 'claim', 'raid'] as const;

/**
 * RULES G-c: `{"defend":[plot...], "mine":[{"plot":p,"k":k}...], "claim":[plot...],
 * "raid":[plot...]}` as one ordered list (defend, mine, claim, raid); null when
 * the value has none of these keys, an error when one of them is not a list.
 */
export function categoryActions(value: Record<string, unknown>): { list: unknown[] } | { error: string } | null {
  if (!CATEGORIES.some((c) => Object.hasOwn(value, c))) return null;
  const list: unknown[] = [];
  for (const type of CATEGORIES) {
    const items = value[type];
    if (items === undefined || items === null) continue;
    if (!Array.isArray(items)) return { error: `"${type}" must be a list (${type === 'mine' ? '[{"plot": p, "k": k}, ...]' : '[plot, ...]'})` };
    for (const item of items) list.push(type === 'mine' && item !== null && typeof item === 'object' ? { ...(item as object), type } : { type, plot: item });
  }
  return { list };
}

function fromCategories(raw: unknown, ctx: z.RefinementCtx): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || (raw as { actions?: unknown }).actions !== undefined) return raw;
  const value = raw as Record<string, unknown>;
  const read = categoryActions(value);
  if (!read) return raw;
  if ('error' in read) {
    ctx.addIssue({ code: 'custom', message: read.error });
    return raw;
  }
  // Keys other than the categories go on as they came, so a strict reading sees them (zod's own drops any but `talk`).
  const rest = Object.fromEntries(Object.entries(value).filter(([key]) => !(CATEGORIES as readonly string[]).includes(key)));
  return { ...rest, actions: read.list };
}

/**
 * `{"actions": [...], "talk"?: "..."}`: the list's order is the player's
 * priority for tail pruning; `talk` is the public line of the `talk`
 * treatment. The ODD's category form is read as the same list.
 */
export const goldmineDecisionSchema = z.preprocess(
  fromCategories,
  z.object({
    actions: z.array(goldmineActionSchema).default([]),
    talk: z.string().max(TALK_MAX, `talk is at most ${TALK_MAX} characters`).optional(),
  }),
);

export type GoldmineAction = z.infer<typeof goldmineActionSchema>;
export type GoldmineDecision = z.infer<typeof goldmineDecisionSchema>;
export type ActionType = GoldmineAction['type'];

export const ACTION_TYPES: readonly ActionType[] = ['claim', 'raid', 'defend', 'mine'];
