import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { AnswerTrace } from '../models/matchRecorder.ts';
import { extractJson } from '../decision/extractJson.ts';
import { checkAnswer, type AnswerCheck } from './strictAnswer.ts';

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

/** What the pipeline gives for one seat in one phase: the decision for the game, how it came, and why there is none when the game's fallback must play. */
export interface Decided {
  decision: unknown;
  trace: AnswerTrace;
  missing?: string;
}

/**
 * The House's rule for one seat in one phase (DESIGN.md): ask; check the
 * answer (`checkAnswer`: the game's `validate`, then, in a strict match, the
 * decision's schema: unknown keys and missing fields refused); if refused,
 * ask once more quoting the error; then whatever came back goes to the game,
 * whose `apply` plays the fallback (and says why) for anything still invalid
 * or missing. An answer the game would take but the schema refuses is not
 * handed to it: the seat has no decision, and `missing` says why. The same
 * code replays a recorded match, with `ask` reading the recorded answers.
 */
export async function decideWithRepair(
  game: AnyGame,
  state: unknown,
  player: PlayerId,
  kind: AnswerTrace['kind'],
  ask: (repair: Repair | null) => Promise<Attempt>,
  strict: boolean,
): Promise<Decided> {
  const trace: AnswerTrace = { kind, texts: [], calls: [], outcome: 'fallback', errors: [] };
  const note = (a: Attempt) => {
    if (a.call !== undefined) trace.calls.push(a.call);
    if (a.text !== null) trace.texts.push(a.text);
  };
  // The game is handed what it would refuse itself (it says why as it plays the fallback), never what only the schema refused.
  const given = (decision: unknown, checked: AnswerCheck): Decided => (checked.ok || !checked.bySchema ? { decision, trace } : { decision: undefined, trace, missing: `its answer was refused (${checked.error})` });
  const first = await ask(null);
  note(first);
  if (first.text === null) {
    trace.errors.push(first.error ?? 'no answer');
    return { decision: undefined, trace, missing: `no answer (${trace.errors.join('; ')})` };
  }
  const decision = decisionOf(first.text);
  const checked = checkAnswer(game, state, player, decision, strict);
  if (checked.ok) {
    trace.outcome = 'valid';
    return { decision, trace };
  }
  trace.errors.push(checked.error);
  const second = await ask({ error: checked.error, previous: first.text });
  note(second);
  if (second.text === null) {
    trace.errors.push(second.error ?? 'no answer');
    return given(decision, checked);
  }
  const repaired = decisionOf(second.text);
  const again = checkAnswer(game, state, player, repaired, strict);
  if (again.ok) trace.outcome = 'repaired';
  else trace.errors.push(again.error);
  return given(repaired, again);
}
