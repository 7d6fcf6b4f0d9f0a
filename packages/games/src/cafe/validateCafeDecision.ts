import { formatZodError } from '../engine/errors.ts';
import type { Checked, PlayerId } from '../engine/types.ts';
import { cafeDecisionSchema, type CafeDecision } from './cafeDecision.ts';
import type { CafeState } from './cafeTypes.ts';
import { moveRefusal } from './moveRefusal.ts';

/**
 * Checks a decision before the round is played, so a model gets one repair
 * round with the message: the shape with the zod schema, then each move
 * against the rules no other move of this MARKET can change (`moveRefusal`:
 * unknown players, moves at yourself, offers that are not there, resurrecting
 * the living...). Whether a player can afford a move depends on the others'
 * simultaneous gifts and loans, so that is judged when the MARKET resolves;
 * there, too, a refused move never voids the rest of the decision.
 */
export function validateCafeDecision(state: CafeState, player: PlayerId, raw: unknown): Checked<CafeDecision> {
  const parsed = cafeDecisionSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `bad decision: ${formatZodError(parsed.error)}` };
  const me = state.table.find((p) => p.id === player);
  if (!me?.alive || state.result.over) return { ok: false, error: `'${player}' has no decision to make: ${state.result.over ? 'the match is over' : 'only living players play a round'}` };
  const problems = parsed.data.market.flatMap((move, i) => {
    const why = moveRefusal(state, player, move);
    return why ? [`market move ${i + 1} (${move.type}): ${why}`] : [];
  });
  if (problems.length) return { ok: false, error: `bad decision: ${problems.join('; ')}` };
  return { ok: true, decision: parsed.data };
}
