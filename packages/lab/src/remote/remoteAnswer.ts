import { jsonKeyProblem } from '@the-house/games/engine/safeKey.ts';
import { extractJson } from '../decision/extractJson.ts';

/** The longest answer a remote seat may give (its JSON as text); longer is refused unread. */
export const MAX_ANSWER_CHARS = 16_384;

/** What the pipeline reads of a remote answer: the decision's JSON as text, or why there is none. */
export type ReadAnswer = { ok: true; text: string } | { ok: false; error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A remote seat's answer for turn `turnId`: `{turn_id, action}` (as data or as
 * JSON in text), or the action alone in text (a bare model's habit). An
 * answer naming another turn is stale and refused; one that is too long, or
 * nests deeper than a decision could, is refused before the game reads it.
 * The decision goes on as its JSON text, so the game's own check says what
 * is wrong with it and the repair quotes it.
 */
export function readAnswer(value: unknown, turnId: string): ReadAnswer {
  let answer: unknown = value;
  if (typeof value === 'string') {
    if (value.length > MAX_ANSWER_CHARS) return { ok: false, error: `the answer is over ${MAX_ANSWER_CHARS} characters` };
    const parsed = extractJson(value);
    if (parsed === null) return { ok: true, text: value };
    answer = parsed;
  }
  if (!isObject(answer)) return { ok: false, error: 'the answer is neither {turn_id, action} nor a JSON object' };
  const problem = jsonKeyProblem(answer, 16);
  if (problem) return { ok: false, error: `the answer cannot be read: ${problem}` };
  const named = Object.hasOwn(answer, 'turn_id') ? answer.turn_id : undefined;
  if (named !== undefined && named !== turnId) return { ok: false, error: `the answer names another turn, not this turn (${turnId})` };
  // Without a turn id, `{action: "BLOCK"}` is a game's own decision (Trust names its move `action`); a wrapper's action is an object.
  const wrapped = Object.hasOwn(answer, 'action') && (named !== undefined || isObject(answer.action));
  const action = wrapped ? answer.action : named === undefined ? answer : undefined;
  if (action === undefined) return { ok: false, error: 'the answer has no action' };
  const text = typeof action === 'string' ? action : JSON.stringify(action);
  if (text.length > MAX_ANSWER_CHARS) return { ok: false, error: `the answer is over ${MAX_ANSWER_CHARS} characters` };
  return { ok: true, text };
}
