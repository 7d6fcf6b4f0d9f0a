import { ChannelType, createUniqueUuid, type HandlerOptions, type IAgentRuntime, type Memory, type UUID } from '@elizaos/core';
import { strategyFor, strategyMove } from '@the-house/lab/decision/strategyMove.ts';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { personaText } from '@the-house/lab/decision/decisionPrompt.ts';
import { playerOverBudget } from '@the-house/lab/models/budget.ts';
import { providerGate } from '@the-house/lab/models/gateRegistry.ts';
import type { AnswerTrace, SeatInfo } from '@the-house/lab/models/matchRecorder.ts';
import { decideWithRepair } from '@the-house/lab/seats/decideWithRepair.ts';
import { characterBrain } from '@the-house/plugin-player/characterBrain.ts';
import { DECIDE_ACTION, NOTES_EVALUATOR, type AskResult, type DecideOptions, type RoundNotice } from '@the-house/plugin-player/playerPlugin.ts';
import { runtimeModelClient } from '../runtimeModelClient.ts';
import type { Seat, SeatAnswer, SeatTurn } from './seat.ts';
import type { TableCore } from './tableCore.ts';

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

/** The baseline a runtime's character plays for a game when it cannot (or may no longer) ask its model. */
export function baselineOf(player: IAgentRuntime, gameId: string): string | null {
  const { brain } = characterBrain(player.character.settings, true);
  return strategyFor(gameId, brain.kind === 'model' ? brain.fallback : brain.strategies);
}

/**
 * A seat held by a player agent of this host: asked through its own
 * HOUSE_DECIDE action (its view, notes and model: a real one or the offline
 * brain), with the House's pipeline around it (`decideWithRepair`): every model
 * call goes through the provider's gate and into the match's record. A model
 * seat whose budget is spent plays its baseline strategy instead, and the log
 * says so. After each round its new view reaches the player's memory.
 */
export class AgentSeat implements Seat {
  readonly kind = 'agent' as const;
  readonly info: SeatInfo;
  private readonly client;
  private readonly gate;
  private readonly brain: 'model' | 'offline';

  constructor(
    private readonly table: TableCore,
    private readonly player: IAgentRuntime,
    private readonly id: string,
  ) {
    this.client = runtimeModelClient(player);
    this.brain = this.client.free ? 'offline' : 'model';
    this.gate = this.client.free ? null : providerGate(this.client.gateKey, this.client.baseUrl, (p) => table.host.runtime.logger.warn(`House: ${p}`));
    this.info = { brain: this.brain, strategy: baselineOf(player, table.stored.game), persona: personaText(player.character), system: player.character.system ?? '' };
  }

  async decide({ ctx, request }: SeatTurn): Promise<SeatAnswer> {
    const { table, player } = this;
    const match = table.match!;
    if (this.brain === 'model') {
      const over = playerOverBudget(table.stored.options.budget, table.recorder.spend(ctx.player));
      if (over) return this.playBaseline(request, over);
    }
    const action = player.actions.find((a) => a.name === DECIDE_ACTION);
    if (!action) throw new Error(`${player.character.name} has no ${DECIDE_ACTION} action (is the player plugin loaded?)`);
    const room = await privateRoom(table.host.runtime, player, table.stored.id, table.host.ready);
    const { decision, trace } = await decideWithRepair(match.game, match.state, ctx.player, this.brain, async (repair) => {
      const req: DecisionRequest = repair ? { ...request, error: repair.error, previous: repair.previous } : request;
      const text = `[House] ${match.game.title}, round ${req.round} (${req.phase}): your decision as one JSON object.${req.error ? ` Your last answer was refused: ${req.error}` : ''}`;
      const message = await deliver(player, room, text, { houseRequest: req });
      const meta = { caller: ctx.player, purpose: repair ? ('repair' as const) : ('decision' as const), round: ctx.round, phase: ctx.phase, system: player.character.system ?? '' };
      const options: DecideOptions = {
        forModel: this.brain === 'model',
        window: { historyRounds: table.stored.options.historyRounds },
        ask: async (prompt) => {
          const r = await table.recorder.call(this.client, this.gate, meta, prompt, table.abort.signal);
          return { text: r.text, error: r.error, call: r.call.seq };
        },
      };
      const result = await action.handler(player, message, undefined, options as unknown as HandlerOptions, undefined);
      const answer = (result && typeof result === 'object' ? (result.data as { answer?: AskResult } | undefined)?.answer : undefined) ?? null;
      return answer ?? { text: null, error: 'the decision action gave no answer' };
    });
    return trace.texts.length === 0 ? { decision, trace, missing: `no answer (${trace.errors.join('; ')})` } : { decision, trace };
  }

  /** A spent budget: the seat's baseline strategy decides, recorded like any answer, and a public notice joins the log before the phase is applied. */
  private playBaseline(request: DecisionRequest, why: string): SeatAnswer {
    const strategy = this.info.strategy;
    const decision = strategyMove(request, strategy ? { [request.game]: strategy } : null);
    const trace: AnswerTrace = { kind: 'baseline', texts: [JSON.stringify(decision)], calls: [], outcome: 'valid', errors: [] };
    const phase = this.table.recorder.phase(request.round, request.phase);
    (phase.notices ??= []).push({ type: 'budget_exhausted', data: { player: request.player, why, strategy } });
    return { decision, trace };
  }

  /** The player's new view reaches its memory, and its notes evaluator folds it in. */
  async tell(round: number): Promise<void> {
    const { table, player } = this;
    const match = table.match!;
    const room = await privateRoom(table.host.runtime, player, table.stored.id, table.host.ready);
    const view = match.game.view(match.state, this.id);
    const notices = (view as { notices?: unknown } | null)?.notices;
    const told = Array.isArray(notices) && notices.length ? ` ${notices.join(' ')}` : '';
    const notice: RoundNotice = { matchId: table.stored.id, game: match.game.id, round, view };
    const message = await deliver(player, room, `[House] Round ${round} is over.${told}`, { houseRound: notice });
    const evaluator = player.evaluators.find((e) => e.name === NOTES_EVALUATOR);
    await evaluator?.handler(player, message);
  }
}
