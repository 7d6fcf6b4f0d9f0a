import { z } from 'zod';

export const TRUST_ACTIONS = ['HIGH_FIVE', 'BLOCK', 'ATTACK', 'DO_NOTHING', 'BEG', 'REPLICATE'] as const;
export type TrustAction = (typeof TRUST_ACTIONS)[number];

/** A rationale may ride along with any move; only BEG requires one, because the observer reads it. */
const rationale = z.string().optional();
const target = z.string().min(1).optional();

/**
 * The decision JSON of the replay contract and of model output:
 * `{"action", "target"?, "amount"?, "reason"?}`. Unknown keys are dropped so a
 * model's extra chatter does not cost it the round.
 */
export const trustDecisionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('HIGH_FIVE'), target, reason: rationale }),
  z.object({ action: z.literal('ATTACK'), target, reason: rationale }),
  z.object({ action: z.literal('BLOCK'), reason: rationale }),
  z.object({ action: z.literal('DO_NOTHING'), reason: rationale }),
  z.object({
    action: z.literal('BEG'),
    amount: z.number().int('amount must be a whole number of sats'),
    reason: z.string().trim().min(1, 'a BEG needs a non-empty reason for the observer'),
  }),
  z.object({ action: z.literal('REPLICATE'), reason: rationale }),
]);

export type TrustDecision = z.infer<typeof trustDecisionSchema>;
