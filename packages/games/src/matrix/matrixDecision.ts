import { z } from 'zod';

export const MOVES = ['C', 'D'] as const;
export type Move = (typeof MOVES)[number];

const move = z.enum(MOVES);

/** Longest rationale kept with a decision: models explain themselves, the rules never read it. */
export const MAX_REASON = 1000;

/**
 * The decision JSON of the replay contract, model output and chat: one move
 * against every opponent of the round (`{"action": "C"}`), or one per
 * opponent (`{"moves": {"bob": "D", "cy": "C"}}`), where `action`, when it
 * comes with `moves`, is the move against the opponents `moves` leaves out.
 * Unknown keys are dropped, so a model's extra chatter does not cost it the round.
 */
export const matrixDecisionSchema = z
  .object({
    action: move.optional(),
    moves: z.record(z.string(), move).optional(),
    reason: z.string().max(MAX_REASON).optional(),
  })
  .refine((d) => d.action !== undefined || d.moves !== undefined, { message: 'give "action" (C or D) or "moves" (a move per opponent)' });

export type MatrixDecision = z.infer<typeof matrixDecisionSchema>;

/** The other move. */
export function flip(m: Move): Move {
  return m === 'C' ? 'D' : 'C';
}
