import { ChannelType, createUniqueUuid, type IAgentRuntime, type Memory, type UUID } from '@elizaos/core';
import { z } from 'zod';
import type { Match } from '../engine/match.ts';
import type { Brain } from '../engine/runner.ts';
import type { AnyGame, PlayerId } from '../engine/types.ts';
import type { DecisionRequest } from '../player/decisionRequest.ts';
import { DECIDE_ACTION, NOTES_EVALUATOR, type RoundNotice } from '../player/playerPlugin.ts';

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

interface PrivateRoom {
  roomId: UUID;
  worldId: UUID;
  houseEntity: UUID;
}

/**
 * The House's private room with one player, in that player's own id space (as
 * the server's message bus builds them), so the exchange lands in the player's
 * memory as a DM from The House.
 */
async function privateRoom(house: IAgentRuntime, player: IAgentRuntime, matchId: string, ready: Set<string>): Promise<PrivateRoom> {
  const room: PrivateRoom = {
    roomId: createUniqueUuid(player, `house-private:${matchId}`),
    worldId: createUniqueUuid(player, `house-world:${house.agentId}`),
    houseEntity: createUniqueUuid(player, house.agentId),
  };
  const key = `${player.agentId}:${matchId}`;
  if (!ready.has(key)) {
    await player.ensureConnection({
      entityId: room.houseEntity,
      roomId: room.roomId,
      worldId: room.worldId,
      worldName: 'The House',
      name: house.character.name,
      userName: house.character.name,
      source: 'house',
      type: ChannelType.DM,
    });
    ready.add(key);
  }
  return room;
}

async function deliver(player: IAgentRuntime, room: PrivateRoom, text: string, extra: Record<string, unknown>): Promise<Memory> {
  const message: Memory = {
    id: crypto.randomUUID() as UUID,
    entityId: room.houseEntity,
    agentId: player.agentId,
    roomId: room.roomId,
    worldId: room.worldId,
    content: { text, source: 'house', ...extra },
    createdAt: Date.now(),
  };
  await player.createMemory(message, 'messages');
  return message;
}

/**
 * A Brain that asks a player runtime through its own HOUSE_DECIDE action
 * (provider, model or offline brain, memory), checks the answer with the
 * game's `validate`, and gives one repair round that quotes the error.
 */
export function runtimeBrain(house: IAgentRuntime, player: IAgentRuntime, match: Match, matchId: string, ready: Set<string>): Brain {
  return {
    name: `${player.character.name} (runtime)`,
    async decide(view, ctx) {
      const game = match.game;
      const state = match.state;
      const action = player.actions.find((a) => a.name === DECIDE_ACTION);
      if (!action) throw new Error(`${player.character.name} has no ${DECIDE_ACTION} action (is the player plugin loaded?)`);
      const room = await privateRoom(house, player, matchId, ready);
      const request: DecisionRequest = {
        matchId,
        game: game.id,
        player: ctx.player,
        round: ctx.round,
        phase: ctx.phase,
        view,
        legalMoves: game.legalMoves(state, ctx.player),
        schema: decisionJsonSchema(game),
      };
      const ask = async (req: DecisionRequest) => {
        const text = `[House] ${game.title}, round ${req.round} (${req.phase}): your decision as one JSON object.${req.error ? ` Your last answer was refused: ${req.error}` : ''}`;
        const message = await deliver(player, room, text, { houseRequest: req });
        const result = await action.handler(player, message, undefined, {}, undefined);
        const data = (result && typeof result === 'object' ? result.data : undefined) as { decision?: unknown } | undefined;
        const answerText = result && typeof result === 'object' && typeof result.text === 'string' ? result.text : '';
        return { decision: data?.decision, text: answerText };
      };
      const first = await ask(request);
      const checked = game.validate(state, ctx.player, first.decision);
      if (checked.ok) return checked.decision;
      const second = await ask({ ...request, error: checked.error, previous: first.text });
      return second.decision;
    },
  };
}

/** After a round: the player's new view reaches its memory, and its notes evaluator folds it in. */
export async function tellRound(house: IAgentRuntime, player: IAgentRuntime, game: AnyGame, match: Match, matchId: string, playerId: PlayerId, round: number, ready: Set<string>): Promise<void> {
  const room = await privateRoom(house, player, matchId, ready);
  const view = game.view(match.state, playerId);
  const notices = (view as { notices?: unknown } | null)?.notices;
  const told = Array.isArray(notices) && notices.length ? ` ${notices.join(' ')}` : '';
  const notice: RoundNotice = { matchId, round, view };
  const message = await deliver(player, room, `[House] Round ${round} is over.${told}`, { houseRound: notice });
  const evaluator = player.evaluators.find((e) => e.name === NOTES_EVALUATOR);
  await evaluator?.handler(player, message);
}
