import { formatZodError } from '../engine/errors.ts';
import type { Checked, PlayerId } from '../engine/types.ts';
import { judgeAnswerSchema, type JudgeAnswer } from './judgeRubric.ts';
import { ownValue } from '../engine/safeKey.ts';

/**
 * Whether the House judge's answer may stand as the round's verdict (RULES
 * Café 3): the schema's shape, best and worst two different players among
 * those judged, a player with no answer never best while someone answered,
 * and a responder never worst while someone else gave no answer. `apply` uses
 * it on `external.judge` (an answer that fails goes to the stand-in judge);
 * the House can use it first to give its model one repair round.
 */
export function checkJudgeAnswer(judged: readonly PlayerId[], responses: Record<PlayerId, string>, raw: unknown): Checked<JudgeAnswer> {
  const parsed = judgeAnswerSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: formatZodError(parsed.error) };
  const { best, worst } = parsed.data;
  const silent = judged.filter((id) => !(ownValue(responses, id) ?? '').trim());
  if (!judged.includes(best) || !judged.includes(worst)) return { ok: false, error: `best and worst must be among the judged players (${judged.join(', ')})` };
  if (best === worst) return { ok: false, error: 'best and worst must be different players' };
  if (silent.includes(best) && silent.length < judged.length) return { ok: false, error: `'${best}' gave no answer and cannot be best` };
  if (!silent.includes(worst) && silent.some((id) => id !== best)) return { ok: false, error: `a player without an answer must be the worst, not '${worst}'` };
  return { ok: true, decision: parsed.data };
}
