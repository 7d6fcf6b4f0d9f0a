import { ChannelType, createUniqueUuid, type HandlerOptions, type IAgentRuntime, type Memory, type UUID } from '@elizaos/core';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { strategyFor } from '@the-house/lab/decision/strategyMove.ts';
import { budgetSpentAnswer } from '@the-house/lab/seats/baselineAnswer.ts';
import type { DecisionRequest } from '@the-house/lab/decision/decisionRequest.ts';
import { personaText } from '@the-house/lab/decision/decisionPrompt.ts';
import { playerOverBudget } from '@the-house/lab/models/budget.ts';
import { providerGate } from '@the-house/lab/models/gateRegistry.ts';
import type { SeatInfo } from '@the-house/lab/models/matchRecorder.ts';
import { decideWithRepair } from '@the-house/lab/seats/decideWithRepair.ts';
import { answersStrict } from '@the-house/lab/seats/strictAnswer.ts';
import { characterBrain } from '@the-house/plugin-player/characterBrain.ts';
import { DECIDE_ACTION, NOTES_EVALUATOR, type AskResult, type DecideOptions, type NotesOptions, type RoundNotice } from '@the-house/plugin-player/playerPlugin.ts';
import type { PlayerNotes } from '@the-house/lab/decision/opponentNotes.ts';
import type { ViewWindow } from '@the-house/lab/decision/playerView.ts';
import { defaultPromptMode, promptParams, seatPrompter, type SeatPrompter } from '@the-house/lab/seats/seatPrompts.ts';
import { runtimeModelClient } from '../runtimeModelClient.ts';
import { uniqueUuid } from '@the-house/plugin-player/uniqueUuid.ts';
import type { SeatRequest } from './pacer.ts';
import type { Seat, SeatAnswer, SeatTurn } from '@the-house/lab/seats/seat.ts';
import type { TableCore } from './tableCore.ts';

export interface PrivateRoom {
  roomId: UUID;
  worldId: UUID;
  houseEntity: UUID;
}

/**
 * The House's private room with one player, in that player's own id space (as
 * the server's message bus builds them), so the exchange lands in the player's
 * memory as a DM from The House. The ids alone: `storeInRoom` makes the room.
 */
function privateRoom(house: IAgentRuntime, player: IAgentRuntime, matchId: string): PrivateRoom {
  return {
    roomId: createUniqueUuid(player, `house-private:${matchId}`),
    worldId: createUniqueUuid(player, `house-world:${house.agentId}`),
    houseEntity: createUniqueUuid(player, house.agentId),
  };
}

/**
 * A message from the House in that room, stamped now; nothing is stored yet
 * (`storeInRoom`). Its id is its room's, its turn's (`turn`: the seat and
 * the log's length) and its text's: a phase a restarted (or another) host
 * asks again sends the same text at the same turn, and ElizaOS 1.7's SQL
 * memory store keeps the first row of an id (its insert does nothing on a
 * conflict), so the player's memory holds the request, or the round's end,
 * once.
 */
export function houseMessage(player: IAgentRuntime, room: PrivateRoom, turn: string, text: string, extra: Record<string, unknown>): Memory {
  return {
    id: uniqueUuid(player.agentId, `house-message:${room.roomId}:${turn}:${text}`),
    entityId: room.houseEntity,
    agentId: player.agentId,
    roomId: room.roomId,
    worldId: room.worldId,
    content: { text, source: 'house', ...extra },
    createdAt: Date.now(),
  };
}

/**
 * Keeps a House message for the player's memory, in the table's next batch of
 * rows, with its private room made first (once per player and match). The
 * memory keeps what was said; the request or view it carried to the player's
 * action and evaluator (they read it from the message itself) stays out: a
 * view grows with the match, and the log rebuilds it any time.
 */
function storeInRoom(table: TableCore, player: IAgentRuntime, room: PrivateRoom, message: Memory): void {
  const house = table.host.runtime;
  const { ready } = table.host;
  const key = `${player.agentId}:${table.stored.id}`;
  const connect = ready.has(key)
    ? undefined
    : async () => {
        if (ready.has(key)) return;
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
      };
  table.pacer.remember(player, { ...message, content: { text: message.content.text, source: 'house' } }, connect);
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
 * seat's prompts are compact or one conversation over the match
 * (`defaultPromptMode` for its game and model), made by the seat's prompter
 * and recorded with how they were made. A model seat whose budget is spent
 * plays its baseline strategy instead, and the log says so. After each round
 * its new view reaches the player's notes at once and its memory later.
 *
 * Nothing the request waits for touches the database: the player's memory of
 * the request and its notes' save go to the table's backlog, which runs them
 * once every seat's request of the phase is out; what the answer brings (its
 * memory, ElizaOS's row for the model call) waits for the next phase's.
 */
export class AgentSeat implements Seat {
  readonly kind = 'agent' as const;
  readonly info: SeatInfo;
  private readonly client;
  private readonly gate;
  private readonly brain: 'model' | 'offline';
  private readonly prompter: SeatPrompter | null;
  /** The seat's private room, named once: its ids are three hashes, and a phase asks every seat at once. */
  private room: PrivateRoom | null = null;

  constructor(
    private readonly table: TableCore,
    private readonly player: IAgentRuntime,
    private readonly id: string,
  ) {
    this.client = runtimeModelClient(player);
    table.pacer.adopt(player);
    this.brain = this.client.free ? 'offline' : 'model';
    this.gate = this.client.free ? null : providerGate(this.client.gateKey, this.client.baseUrl, (p) => table.host.runtime.logger.warn(`House: ${p}`));
    // ElizaOS's useModel sends one text, no cache breakpoints: the default for the game and model without them.
    this.prompter = this.brain === 'model' ? seatPrompter(defaultPromptMode(table.stored.game, this.client.model)) : null;
    this.info = {
      brain: this.brain,
      strategy: baselineOf(player, table.stored.game),
      persona: personaText(player.character),
      system: player.character.system ?? '',
      ...(this.prompter?.mode === 'conversation' ? { prompts: 'conversation' as const } : {}),
    };
  }

  async decide({ ctx, request }: SeatTurn): Promise<SeatAnswer> {
    return this.table.pacer.turn(ctx.player, (out) => this.ask(ctx, request, out));
  }

  /** A model seat whose budget is spent plays its baseline (the log says so); none otherwise. */
  private budgetSpent(ctx: SeatTurn['ctx'], request: DecisionRequest): SeatAnswer | null {
    const { table } = this;
    const match = table.match!;
    if (this.brain !== 'model') return null;
    const over = playerOverBudget(table.stored.options.budget, table.recorder.spend(ctx.player));
    if (!over) return null;
    const strategy = this.info.strategy ? (ownValue(match.game.strategies, this.info.strategy) ?? null) : null;
    return budgetSpentAnswer(table.recorder, match.game, match.state, request.view, ctx, request, over, strategy);
  }

  private async ask(ctx: SeatTurn['ctx'], request: DecisionRequest, out: SeatRequest): Promise<SeatAnswer> {
    const spent = this.budgetSpent(ctx, request);
    if (spent) return spent;
    const { table, player } = this;
    const match = table.match!;
    const action = player.actions.find((a) => a.name === DECIDE_ACTION);
    if (!action) throw new Error(`${player.character.name} has no ${DECIDE_ACTION} action (is the player plugin loaded?)`);
    const house = table.host.runtime;
    const room = (this.room ??= privateRoom(house, player, table.stored.id));
    return decideWithRepair(match.game, match.state, ctx.player, this.brain, async (repair) => {
      const req: DecisionRequest = repair ? { ...request, error: repair.error, previous: repair.previous } : request;
      const text = `[House] ${match.game.title}, round ${req.round} (${req.phase}): your decision as one JSON object.${req.error ? ` Your last answer was refused: ${req.error}` : ''}`;
      // The action reads the request from the message itself; the player's memory gets it once the phase's requests are out.
      const message = houseMessage(player, room, `${this.id}:${table.stored.log.length}`, text, { houseRequest: req });
      storeInRoom(table, player, room, message);
      const options = this.decideOptions(ctx, repair ? 'repair' : 'decision', out);
      const result = await table.pacer.answering(() => action.handler(player, message, undefined, options as unknown as HandlerOptions, undefined));
      const answer = (result && typeof result === 'object' ? (result.data as { answer?: AskResult } | undefined)?.answer : undefined) ?? null;
      return answer ?? { text: null, error: 'the decision action gave no answer' };
    }, answersStrict(table.recorder.record));
  }

  /** What the player's HOUSE_DECIDE action is handed: its window, the seat's prompter, and the call to its model through the match's record. */
  private decideOptions(ctx: SeatTurn['ctx'], purpose: 'decision' | 'repair', out: SeatRequest): DecideOptions {
    const { table, player, prompter } = this;
    const later = (work: () => unknown) => table.pacer.later(work);
    const meta = { caller: ctx.player, purpose, round: ctx.round, phase: ctx.phase, system: player.character.system ?? '', later };
    return {
      forModel: this.brain === 'model',
      window: { historyRounds: table.stored.options.historyRounds },
      ...(prompter ? { prompt: (persona: string, r: DecisionRequest, notes: PlayerNotes | null, window: ViewWindow) => prompter.prompt(persona, r, notes, window) } : {}),
      // What the answer brings (the player's memory of it) waits for the next phase's requests.
      later: (work) => table.pacer.afterAnswer(work),
      remember: (memory) => table.pacer.rememberAnswer(player, memory),
      ask: async (prompt, made) => {
        out.handedOut();
        const params = prompter && made ? promptParams(prompter.mode, made) : {};
        const r = await out.send(this.client.free, () => table.recorder.call(this.client, this.gate, { ...meta, params }, prompt, table.abort.signal, made?.shape));
        if (prompter && made) prompter.answered(ctx.player, r.text);
        return { text: r.text, error: r.error, call: r.call.seq };
      },
    };
  }

  /**
   * The player's new view reaches its notes evaluator at once (its next
   * prompt reads them from memory), and its memory (the round's message, the
   * notes' save) through the backlog.
   */
  async tell(round: number): Promise<void> {
    const { table, player } = this;
    const match = table.match!;
    const house = table.host.runtime;
    const room = (this.room ??= privateRoom(house, player, table.stored.id));
    const view = match.game.view(match.state, this.id);
    const notices = (view as { notices?: unknown } | null)?.notices;
    const told = Array.isArray(notices) && notices.length ? ` ${notices.join(' ')}` : '';
    const notice: RoundNotice = { matchId: table.stored.id, game: match.game.id, round, view };
    const message = houseMessage(player, room, `${this.id}:${table.stored.log.length}`, `[House] Round ${round} is over.${told}`, { houseRound: notice });
    storeInRoom(table, player, room, message);
    const evaluator = player.evaluators.find((e) => e.name === NOTES_EVALUATOR);
    const options: NotesOptions = { later: (work) => table.pacer.later(work), keep: (key, notes) => table.pacer.keep(player, key, notes) };
    await evaluator?.handler(player, message, undefined, options as unknown as HandlerOptions);
  }
}
