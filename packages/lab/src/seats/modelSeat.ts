import type { PlayerId, Strategy } from '@the-house/games/engine/types.ts';
import type { PromptMode } from '../decision/conversation.ts';
import { playerOverBudget, type Budget } from '../models/budget.ts';
import type { SeatInfo } from '../models/matchRecorder.ts';
import type { ModelClient } from '../models/modelCall.ts';
import type { ProviderGate } from '../models/providerGate.ts';
import { budgetSpentAnswer } from './baselineAnswer.ts';
import { decideWithRepair } from './decideWithRepair.ts';
import { answersStrict } from './strictAnswer.ts';
import { NotesBook } from './notesBook.ts';
import type { Seat, SeatAnswer, SeatMatch, SeatTurn } from './seat.ts';
import { promptParams, seatPrompter, type SeatPrompter } from './seatPrompts.ts';
import { unitsOf } from './unitsOf.ts';

/** A model behind a client: who it plays as, its provider's gate, the baseline it falls back to once its budget is spent, and how its prompts are made. */
export interface ModelSeatSpec {
  client: ModelClient;
  gate: ProviderGate | null;
  persona: string;
  system: string;
  fallback: Strategy<any, any> | null;
  prompts?: PromptMode;
}

/**
 * A seat whose model is called directly (headless play, sweeps): the House's
 * pipeline (its prompt, provider gate, one repair round quoting the error,
 * then the game's fallback), its notes on opponents folded after each round,
 * and its baseline once its budget is spent.
 */
export class ModelSeat implements Seat {
  readonly kind = 'model' as const;
  readonly info: SeatInfo;
  private readonly prompter: SeatPrompter;
  private readonly notes: NotesBook;

  constructor(
    private readonly table: SeatMatch,
    private readonly owner: PlayerId,
    private readonly spec: ModelSeatSpec,
    private readonly budget: Budget,
  ) {
    this.prompter = seatPrompter(spec.prompts ?? 'compact');
    this.notes = new NotesBook(table.matchId);
    this.info = { brain: 'model', strategy: spec.fallback?.name ?? null, persona: spec.persona, system: spec.system, ...(spec.prompts && spec.prompts !== 'compact' ? { prompts: spec.prompts } : {}) };
  }

  async decide({ view, ctx, request }: SeatTurn): Promise<SeatAnswer> {
    const { table, spec, prompter } = this;
    const { game, state } = table.match;
    const over = playerOverBudget(this.budget, table.recorder.spend(ctx.player));
    if (over && spec.fallback) return budgetSpentAnswer(table.recorder, game, state, view, ctx, request, over, spec.fallback);
    return decideWithRepair(game, state, ctx.player, 'model', async (repair) => {
      const req = repair ? { ...request, error: repair.error, previous: repair.previous } : request;
      const prompt = prompter.prompt(spec.persona, req, this.notes.of(this.owner), table.window);
      const meta = { caller: ctx.player, purpose: repair ? ('repair' as const) : ('decision' as const), round: ctx.round, phase: ctx.phase, system: spec.system, params: promptParams(prompter.mode, prompt) };
      const r = await table.recorder.call(spec.client, spec.gate, meta, prompt.text, table.signal, prompt.shape);
      prompter.answered(ctx.player, r.text);
      return { text: r.text, error: r.error, call: r.call.seq };
    }, answersStrict(table.recorder.record));
  }

  async tell(): Promise<void> {
    this.notes.afterRound(this.table.match, unitsOf(this.table.match, this.owner));
  }
}
