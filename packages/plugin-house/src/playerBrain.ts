import { ChannelType, createUniqueUuid, type HandlerOptions, type IAgentRuntime, type Memory, type UUID } from '@elizaos/core';
import type { Match } from '@the-house/games/engine/match.ts';
import type { Brain } from '@the-house/games/engine/runner.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import type { Budget } from '@the-house/lab/models/budget.ts';
import { playerOverBudget } from '@the-house/lab/models/budget.ts';
import { providerGate } from '@the-house/lab/models/gateRegistry.ts';
import type { AnswerTrace, MatchRecorder, SeatInfo } from '@the-house/lab/models/matchRecorder.ts';
import { runtimeModelClient } from './runtimeModelClient.ts';
import { characterBrain } from '@the-house/plugin-player/characterBrain.ts';
import { strategyFor, strategyMove } from '@the-house/lab/decision/strategyMove.ts';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { personaText } from '@the-house/lab/decision/decisionPrompt.ts';
import { DECIDE_ACTION, NOTES_EVALUATOR, type AskResult, type DecideOptions, type RoundNotice } from '@the-house/plugin-player/playerPlugin.ts';
import type { ViewWindow } from '@the-house/lab/decision/playerView.ts';
import { decideWithRepair } from '@the-house/lab/seats/decideWithRepair.ts';
import { decisionRequest } from '@the-house/lab/seats/decisionRequestFor.ts';

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

/** What a seat's brain needs from the House for one match. */
export interface SeatDeps {
  house: IAgentRuntime;
  player: IAgentRuntime;
  match: Match;
  matchId: string;
  ready: Set<string>;
  recorder: MatchRecorder;
  budget: Budget;
  window: ViewWindow;
  signal: AbortSignal;
}

/** The baseline a runtime's character plays for a game when it cannot (or may no longer) ask its model. */
export function baselineOf(player: IAgentRuntime, gameId: string): string | null {
  const { brain } = characterBrain(player.character.settings, true);
  return strategyFor(gameId, brain.kind === 'model' ? brain.fallback : brain.strategies);
}

/** What the record keeps of a runtime's seat: enough to rebuild its prompts in a replay. */
export function seatInfo(player: IAgentRuntime, gameId: string): SeatInfo {
  const client = runtimeModelClient(player);
  return { brain: client.free ? 'offline' : 'model', strategy: baselineOf(player, gameId), persona: personaText(player.character), system: player.character.system ?? '' };
}

/**
 * A Brain that asks a player runtime through its own HOUSE_DECIDE action
 * (its view, notes and model: a real one or the offline brain), with the
 * House's pipeline around it (`decideWithRepair`): every model call goes
 * through the provider's gate and into the match's record. A model seat whose
 * budget is spent plays its baseline strategy instead, and the log says so.
 */
export function runtimeBrain(d: SeatDeps): Brain {
  const { player, match } = d;
  const client = runtimeModelClient(player);
  const gate = client.free ? null : providerGate(client.gateKey, client.baseUrl, (p) => d.house.logger.warn(`House: ${p}`));
  const kind = client.free ? 'offline' : 'model';
  return {
    name: `${player.character.name} (${kind})`,
    async decide(view, ctx) {
      const game = match.game;
      const state = match.state;
      const request = decisionRequest(game, state, d.matchId, view, ctx);
      if (kind === 'model') {
        const over = playerOverBudget(d.budget, d.recorder.spend(ctx.player));
        if (over) return playBaseline(d, request, over);
      }
      const action = player.actions.find((a) => a.name === DECIDE_ACTION);
      if (!action) throw new Error(`${player.character.name} has no ${DECIDE_ACTION} action (is the player plugin loaded?)`);
      const room = await privateRoom(d.house, player, d.matchId, d.ready);
      const { decision, trace } = await decideWithRepair(game, state, ctx.player, kind, async (repair) => {
        const req: DecisionRequest = repair ? { ...request, error: repair.error, previous: repair.previous } : request;
        const text = `[House] ${game.title}, round ${req.round} (${req.phase}): your decision as one JSON object.${req.error ? ` Your last answer was refused: ${req.error}` : ''}`;
        const message = await deliver(player, room, text, { houseRequest: req });
        const meta = { caller: ctx.player, purpose: repair ? ('repair' as const) : ('decision' as const), round: ctx.round, phase: ctx.phase, system: player.character.system ?? '' };
        const options: DecideOptions = {
          forModel: kind === 'model',
          window: d.window,
          ask: async (prompt) => {
            const r = await d.recorder.call(client, gate, meta, prompt, d.signal);
            return { text: r.text, error: r.error, call: r.call.seq };
          },
        };
        const result = await action.handler(player, message, undefined, options as unknown as HandlerOptions, undefined);
        const answer = (result && typeof result === 'object' ? (result.data as { answer?: AskResult } | undefined)?.answer : undefined) ?? null;
        return answer ?? { text: null, error: 'the decision action gave no answer' };
      });
      d.recorder.answer(ctx.round, ctx.phase, ctx.player, trace);
      if (trace.texts.length === 0) throw new Error(`no answer (${trace.errors.join('; ')})`);
      return decision;
    },
  };
}

/** A spent budget: the seat's baseline strategy decides, recorded like any answer, and a public notice joins the log before the phase is applied. */
function playBaseline(d: SeatDeps, request: DecisionRequest, why: string): unknown {
  const strategy = baselineOf(d.player, request.game);
  const decision = strategyMove(request, strategy ? { [request.game]: strategy } : null);
  const trace: AnswerTrace = { kind: 'baseline', texts: [JSON.stringify(decision)], calls: [], outcome: 'valid', errors: [] };
  d.recorder.answer(request.round, request.phase, request.player, trace);
  const phase = d.recorder.phase(request.round, request.phase);
  (phase.notices ??= []).push({ type: 'budget_exhausted', data: { player: request.player, why, strategy } });
  return decision;
}

/** After a round: the player's new view reaches its memory, and its notes evaluator folds it in. */
export async function tellRound(house: IAgentRuntime, player: IAgentRuntime, game: AnyGame, match: Match, matchId: string, playerId: PlayerId, round: number, ready: Set<string>): Promise<void> {
  const room = await privateRoom(house, player, matchId, ready);
  const view = game.view(match.state, playerId);
  const notices = (view as { notices?: unknown } | null)?.notices;
  const told = Array.isArray(notices) && notices.length ? ` ${notices.join(' ')}` : '';
  const notice: RoundNotice = { matchId, game: game.id, round, view };
  const message = await deliver(player, room, `[House] Round ${round} is over.${told}`, { houseRound: notice });
  const evaluator = player.evaluators.find((e) => e.name === NOTES_EVALUATOR);
  await evaluator?.handler(player, message);
}
