import { sha256Hex } from '@the-house/games/engine/eventLog.ts';
import type { LegalMoveData } from '@the-house/games/engine/legalMoveData.ts';
import { gameById } from '@the-house/games/registry.ts';
import type { DecisionRequest } from '../decision/decisionRequest.ts';
import { viewJsonSchema } from '../seats/decisionRequestFor.ts';

/** The A2A extension the House's turns travel under: its data part holds a `RemoteTurn`. */
export const HOUSE_EXTENSION_URI = 'https://the-house.dev/a2a/ext/turn/v1';

/** The version of the turn's shape; a change an agent would notice bumps it. */
export const TURN_FORMAT = 1;

/**
 * One turn as every remote kind receives it (A2A's data part, the HTTP bot's
 * body, MCP's `wait_for_turn`): who asks for what, by when, with the seat's
 * own view and the game's JSON Schema of it, what is legal (in words,
 * `legal`, and as data, `moves`: each move legal now as a template with the
 * values its fields may take), the decision's JSON Schema and the same
 * compact prompt a model seat reads. `repair` is set on the second ask of a
 * turn.
 */
export interface RemoteTurn {
  format: number;
  turn_id: string;
  table: string;
  game: string;
  seat: string;
  round: number;
  phase: string;
  /** When the House stops waiting (epoch ms), and how long that is from when it sent the turn. */
  deadline: number;
  ms_left: number;
  /** What remains of the seat's time bank for the match. */
  bank_ms_left: number;
  view: unknown;
  /** The JSON Schema of `view` for this game (what each key holds). */
  view_schema: unknown;
  legal: string[];
  moves: LegalMoveData | null;
  schema: unknown;
  prompt: string;
  repair?: { error: string; previous: string };
}

/**
 * A turn's id: the same for the same seat, phase and ask (first or repair)
 * whoever computes it and whenever, so a turn asked again after the House
 * restarts carries the id the agent saw before and gets the same answer; a
 * different phase's id never matches (a stale answer is refused).
 */
export function turnId(matchId: string, round: number, phase: string, seat: string, attempt: 0 | 1): string {
  return sha256Hex(`house-turn\n${matchId}\n${round}\n${phase}\n${seat}\n${attempt}`).slice(0, 32);
}

export function remoteTurn(request: DecisionRequest, table: string, prompt: string, window: { deadline: number; msLeft: number }, bankLeftMs: number, attempt: 0 | 1): RemoteTurn {
  const game = gameById(request.game);
  return {
    format: TURN_FORMAT,
    turn_id: turnId(request.matchId, request.round, request.phase, request.player, attempt),
    table,
    game: request.game,
    seat: request.player,
    round: request.round,
    phase: request.phase,
    deadline: window.deadline,
    ms_left: window.msLeft,
    bank_ms_left: bankLeftMs,
    view: request.view,
    view_schema: game ? viewJsonSchema(game) : null,
    legal: request.legalMoves,
    moves: request.moves ?? null,
    schema: request.schema,
    prompt,
    ...(request.error !== undefined ? { repair: { error: request.error, previous: request.previous ?? '' } } : {}),
  };
}
