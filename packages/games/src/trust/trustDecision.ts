import { z } from 'zod';

export const TRUST_ACTIONS = ['HIGH_FIVE', 'BLOCK', 'ATTACK', 'DO_NOTHING', 'BEG', 'REPLICATE'] as const;
export type TrustAction = (typeof TRUST_ACTIONS)[number];

/** A rationale may ride along with any move; only BEG requires one, because the observer reads it. */
const rationale = z.string().optional();
const target = z.string().min(1).optional();

/** Most sats one `share` moves. */
export const MAX_SHARE = 100;

/**
 * The alliance house rule's fields (spec 7.5, config `alliances`), on any move:
 * `ally` proposes an alliance to a player, or accepts the one it proposed;
 * `leave` ends one; `share` gives sats to an ally.
 */
const allianceFields = {
  ally: z.string().min(1).optional(),
  leave: z.string().min(1).optional(),
  share: z.object({ to: z.string().min(1), amount: z.number().int('share amount must be a whole number of sats').min(1).max(MAX_SHARE) }).optional(),
};

/**
 * The decision JSON of the replay contract and of model output:
 * `{"action", "target"?, "amount"?, "reason"?, "ally"?, "leave"?, "share"?}`. Unknown keys are dropped so a
 * model's extra chatter does not cost it the round.
 */
export const trustDecisionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('HIGH_FIVE'), target, reason: rationale, ...allianceFields }),
  z.object({ action: z.literal('ATTACK'), target, reason: rationale, ...allianceFields }),
  z.object({ action: z.literal('BLOCK'), reason: rationale, ...allianceFields }),
  z.object({ action: z.literal('DO_NOTHING'), reason: rationale, ...allianceFields }),
  z.object({
    action: z.literal('BEG'),
    amount: z.number().int('amount must be a whole number of sats'),
    reason: z.string().trim().min(1, 'a BEG needs a non-empty reason for the observer'),
    ...allianceFields,
  }),
  z.object({ action: z.literal('REPLICATE'), reason: rationale, ...allianceFields }),
]);

export type TrustDecision = z.infer<typeof trustDecisionSchema>;
