import { z } from 'zod';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { DecisionRequest } from '../decision/decisionRequest.ts';

const schemas = new WeakMap<AnyGame, unknown>();

/** The decision's JSON Schema, made once per game from its zod schema. */
export function decisionJsonSchema(game: AnyGame): unknown {
  let schema = schemas.get(game);
  if (schema === undefined) {
    try {
      schema = z.toJSONSchema(game.decisionSchema as z.ZodType, { unrepresentable: 'any' });
    } catch {
      schema = { description: 'one JSON object; see the legal moves' };
    }
    schemas.set(game, schema);
  }
  return schema;
}

/** The request a seat gets: its own view, its legal moves and the decision's JSON Schema. */
export function decisionRequest(game: AnyGame, state: unknown, matchId: string, view: unknown, ctx: { player: PlayerId; round: number; phase: string }): DecisionRequest {
  return { matchId, game: game.id, seed: (state as { seed: number }).seed, player: ctx.player, round: ctx.round, phase: ctx.phase, view, legalMoves: game.legalMoves(state, ctx.player), schema: decisionJsonSchema(game) };
}
