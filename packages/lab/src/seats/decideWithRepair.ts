import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { AnswerTrace } from '../models/matchRecorder.ts';
import { extractJson } from '../decision/extractJson.ts';

/** One answer of a seat: its text, or why there is none; `call` is the model call behind it, if any. */
export interface Attempt {
  text: string | null;
  error: string | null;
  call?: number;
}

/** What the second ask carries: why the first answer was refused, and that answer. */
export interface Repair {
  error: string;
  previous: string;
}

/** The decision a text carries: its JSON object, or the text itself (which the game then refuses with a reason). */
export function decisionOf(text: string): unknown {
  return extractJson(text) ?? text;
}

/**
 * The House's rule for one seat in one phase (DESIGN.md): ask; check the
 * answer with the game's `validate`; if refused, ask once more quoting the
 * error; then whatever came back goes to the game, whose `apply` plays the
 * fallback (and says why) for anything still invalid or missing. The same
 * code replays a recorded match, with `ask` reading the recorded answers.
 */
export async function decideWithRepair(
  game: AnyGame,
  state: unknown,
  player: PlayerId,
  kind: AnswerTrace['kind'],
  ask: (repair: Repair | null) => Promise<Attempt>,
): Promise<{ decision: unknown; trace: AnswerTrace }> {
  const trace: AnswerTrace = { kind, texts: [], calls: [], outcome: 'fallback', errors: [] };
  const note = (a: Attempt) => {
    if (a.call !== undefined) trace.calls.push(a.call);
    if (a.text !== null) trace.texts.push(a.text);
  };
  const first = await ask(null);
  note(first);
  if (first.text === null) {
    trace.errors.push(first.error ?? 'no answer');
    return { decision: undefined, trace };
  }
  const decision = decisionOf(first.text);
  const checked = game.validate(state, player, decision);
  if (checked.ok) {
    trace.outcome = 'valid';
    return { decision, trace };
  }
  trace.errors.push(checked.error);
  const second = await ask({ error: checked.error, previous: first.text });
  note(second);
  if (second.text === null) {
    trace.errors.push(second.error ?? 'no answer');
    return { decision, trace };
  }
  const repaired = decisionOf(second.text);
  const again = game.validate(state, player, repaired);
  if (again.ok) trace.outcome = 'repaired';
  else trace.errors.push(again.error);
  return { decision: repaired, trace };
}
