import { z } from 'zod';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { DecisionRequest } from '../decision/decisionRequest.ts';

const decisionSchemas = new WeakMap<AnyGame, unknown>();
const viewSchemas = new WeakMap<AnyGame, unknown>();

/** A zod schema as JSON Schema, made once per game; `fallback` when it cannot be written as one. */
function jsonSchemaOnce(cache: WeakMap<AnyGame, unknown>, game: AnyGame, schema: z.ZodType | undefined, fallback: unknown): unknown {
  let made = cache.get(game);
  if (made === undefined) {
    try {
      made = schema ? z.toJSONSchema(schema, { unrepresentable: 'any' }) : fallback;
    } catch {
      made = fallback;
    }
    cache.set(game, made);
  }
  return made;
}

/** The decision's JSON Schema, made once per game from its zod schema. */
export function decisionJsonSchema(game: AnyGame): unknown {
  return jsonSchemaOnce(decisionSchemas, game, game.decisionSchema as z.ZodType, { description: 'one JSON object; see the legal moves' });
}

/** The view's JSON Schema (what every key of a seat's view holds), made once per game from its zod schema; null for a game without one. */
export function viewJsonSchema(game: AnyGame): unknown {
  return jsonSchemaOnce(viewSchemas, game, game.viewSchema as z.ZodType | undefined, null);
}

/** The request a seat gets: its own view, its legal moves in words and as data, and the decision's JSON Schema. */
export function decisionRequest(game: AnyGame, state: unknown, matchId: string, view: unknown, ctx: { player: PlayerId; round: number; phase: string }): DecisionRequest {
  const { player, round, phase } = ctx;
  return { matchId, game: game.id, seed: (state as { seed: number }).seed, player, round, phase, view, legalMoves: game.legalMoves(state, player), moves: game.legalMoveData?.(state, player) ?? null, schema: decisionJsonSchema(game) };
}
