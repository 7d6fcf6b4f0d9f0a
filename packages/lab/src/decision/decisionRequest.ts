/**
 * What the House asks a player for one decision. It travels inside the prompt
 * between markers, so an offline brain (which only sees the prompt) can read the
 * exact view, and a model reads the same JSON as plain text.
 */
export interface DecisionRequest {
  matchId: string;
  game: string;
  /** The match seed: an offline brain draws from the same stream as headless play, so a House match with baselines is the headless match. */
  seed: number;
  player: string;
  round: number;
  phase: string;
  view: unknown;
  legalMoves: string[];
  /** JSON Schema of the decision, from the game's zod schema. */
  schema: unknown;
  /** Set on the repair round: why the previous answer was refused. */
  error?: string;
  previous?: string;
}

const OPEN = '[[HOUSE_REQUEST]]';
const CLOSE = '[[/HOUSE_REQUEST]]';

/** The marker carries what an offline brain needs; legal moves and schema are already in the prompt's text. */
export function encodeRequest(request: DecisionRequest): string {
  const { schema: _schema, legalMoves: _moves, ...brief } = request;
  return markerOf({ ...brief, legalMoves: [], schema: null });
}

/** A marker with only the fields given (a model's prompt names its request; the view is already in words). */
export function markerOf(fields: Partial<DecisionRequest>): string {
  return `${OPEN}${JSON.stringify(fields)}${CLOSE}`;
}

/**
 * The last request marker in a text (prompts may quote older messages first),
 * or null. A model's prompt names its request without the view or the seed
 * (`markerOf`): those fields are then absent.
 */
export function decodeRequest(text: string): DecisionRequest | null {
  const end = text.lastIndexOf(CLOSE);
  if (end < 0) return null;
  const start = text.lastIndexOf(OPEN, end);
  if (start < 0) return null;
  try {
    const value = JSON.parse(text.slice(start + OPEN.length, end)) as DecisionRequest;
    return value && typeof value === 'object' && typeof value.game === 'string' ? value : null;
  } catch {
    return null;
  }
}
