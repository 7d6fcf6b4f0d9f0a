import { formatZodError } from '@the-house/games/engine/errors.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { allowedNow } from '@the-house/games/influence/guidance.ts';
import { influenceDecisionSchema } from '@the-house/games/influence/influenceDecision.ts';
import { decisionEvents } from '@the-house/games/influence/influenceGame.ts';
import type { InfluenceEffect, InfluenceEvent, InfluenceState } from '@the-house/games/influence/influenceTypes.ts';
import { draftOf } from '@the-house/games/influence/influenceDraft.ts';
import { reduce } from '@the-house/games/influence/transition.ts';
import { seatGuidance } from './influenceSeatGuidance.ts';

/**
 * Whether the rules would refuse `event` from `seat` once what the seat has
 * drafted this phase is played: the FSM's own refusal, with the House's
 * guidance for a seat in place of the FSM's, or null when it would be taken.
 * Everything runs on a copy: the match's state never changes here.
 */
export function refusalOf(s: InfluenceState, seat: PlayerId, draft: Record<string, unknown>, event: InfluenceEvent): string | null {
  const copy = draftOf(s);
  const drafted = influenceDecisionSchema.safeParse(draft);
  if (drafted.success) for (const e of decisionEvents(copy, seat, drafted.data)) reduce(copy, e, []);
  if (copy.phase !== s.phase || copy.round !== s.round) return `Refused: your ${s.phase} move is already in. You may use: !status, !audit.`;
  const fx: InfluenceEffect[] = [];
  if (reduce(copy, event, fx)) return null;
  const reply = fx.find((f): f is Extract<InfluenceEffect, { kind: 'reply' }> => f.kind === 'reply' && f.refused);
  if (!reply) return null;
  const tail = allowedNow(copy, seat);
  const reason = reply.text.endsWith(tail) ? reply.text.slice(0, -tail.length).trim() : reply.text;
  return `${reason} ${seatGuidance(copy, seat)}`;
}

/** Why a whole draft breaks the decision schema (e.g. more DMs than one phase takes), or null. */
export function schemaProblem(s: InfluenceState, seat: PlayerId, draft: Record<string, unknown>): string | null {
  const parsed = influenceDecisionSchema.safeParse(draft);
  return parsed.success ? null : `Refused: ${formatZodError(parsed.error)}. ${seatGuidance(s, seat)}`;
}
