import type { LegalMoveData } from '@the-house/games/engine/legalMoveData.ts';

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
  /** The same moves as data (`GameDefinition.legalMoveData`), for outside agents; a prompt never carries them. */
  moves?: LegalMoveData | null;
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
  const { schema: _schema, legalMoves: _moves, moves: _data, ...brief } = request;
  return markerOf({ ...brief, legalMoves: [], schema: null });
}

/** A marker with only the fields given, as JSON (an offline brain's carries the whole view). */
export function markerOf(fields: Partial<DecisionRequest>): string {
  return `${OPEN}${JSON.stringify(fields)}${CLOSE}`;
}

/** A name the short marker can hold: no white space, nothing a marker or JSON starts or ends with. */
const PLAIN = /^[^\s{}[\]]+$/;

/**
 * What a model's prompt ends with: the request named in words, `game matchId
 * player round phase` (about half the tokens of the JSON form; a model reads
 * it too), or the JSON form when a name holds a space.
 */
export function modelMarkerOf(request: Pick<DecisionRequest, 'matchId' | 'game' | 'player' | 'round' | 'phase'>): string {
  const { matchId, game, player, round, phase } = request;
  if (![matchId, game, player].every((name) => PLAIN.test(name)) || !Number.isSafeInteger(round) || !PLAIN.test(phase.replaceAll(' ', '_'))) return markerOf({ matchId, game, player, round, phase });
  return `${OPEN}${game} ${matchId} ${player} ${round} ${phase}${CLOSE}`;
}

/**
 * The last request marker in a text (prompts may quote older messages first,
 * and a conversation holds every earlier turn's), or null. A model's prompt
 * names its request in words, without the view or the seed
 * (`modelMarkerOf`): those fields are then absent.
 */
export function decodeRequest(text: string): DecisionRequest | null {
  const end = text.lastIndexOf(CLOSE);
  if (end < 0) return null;
  const start = text.lastIndexOf(OPEN, end);
  if (start < 0) return null;
  const body = text.slice(start + OPEN.length, end);
  if (!body.startsWith('{')) return shortRequest(body);
  try {
    const value = JSON.parse(body) as DecisionRequest;
    return value && typeof value === 'object' && typeof value.game === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The fields of a short marker (`modelMarkerOf`), or null when it is not one. */
function shortRequest(body: string): DecisionRequest | null {
  const m = /^(\S+) (\S+) (\S+) (\d+) (\S.*)$/.exec(body);
  if (!m) return null;
  return { game: m[1]!, matchId: m[2]!, player: m[3]!, round: Number(m[4]), phase: m[5]! } as DecisionRequest;
}
