import { formatZodError } from '../engine/errors.ts';
import { cafeMoveSchema, MAX_MOVES, MAX_RESPONSE, type CafeMove } from './cafeDecision.ts';

export interface ReadDecision {
  moves: CafeMove[];
  response: string;
  /** Why parts of the decision were dropped, in plain words. */
  problems: string[];
}

/**
 * Reads a raw decision move by move, so one malformed move is refused on its
 * own and the others still apply (the "the rest of its moves still
 * apply"). A missing or non-string response counts as no response. The
 * schema's limits hold here too, by trimming rather than voiding: moves past
 * the MAX_MOVES-th are ignored and a response is cut at MAX_RESPONSE
 * characters, each with a note.
 */
export function readCafeDecision(raw: unknown): ReadDecision {
  const problems: string[] = [];
  if (raw === undefined) return { moves: [], response: '', problems: ['no decision arrived: no market moves, no response'] };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return { moves: [], response: '', problems: ['the decision must be an object {"market": [...], "response": "text"}: no market moves, no response'] };
  }
  const { market, response } = raw as Record<string, unknown>;
  const moves: CafeMove[] = [];
  if (market !== undefined && market !== null && !Array.isArray(market)) problems.push('"market" must be a list of moves: none applied');
  if (Array.isArray(market)) {
    if (market.length > MAX_MOVES) problems.push(`at most ${MAX_MOVES} market moves a round: moves ${MAX_MOVES + 1} to ${market.length} ignored`);
    market.slice(0, MAX_MOVES).forEach((m, i) => {
      const parsed = cafeMoveSchema.safeParse(m);
      if (parsed.success) moves.push(parsed.data);
      else {
        const kind = m && typeof m === 'object' && typeof (m as { type?: unknown }).type === 'string' ? ` (${(m as { type: string }).type})` : '';
        problems.push(`market move ${i + 1}${kind} refused: ${formatZodError(parsed.error)}`);
      }
    });
  }
  if (response !== undefined && typeof response !== 'string') problems.push('"response" must be text: counted as no response');
  let text = typeof response === 'string' ? response : '';
  if (text.length > MAX_RESPONSE) {
    problems.push(`the response is ${text.length} characters; only the first ${MAX_RESPONSE} are judged`);
    text = text.slice(0, MAX_RESPONSE);
  }
  return { moves, response: text, problems };
}
