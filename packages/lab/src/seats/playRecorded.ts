import type { Match, RoundRecord } from '@the-house/games/engine/match.ts';
import { runMatch, type Brain } from '@the-house/games/engine/runner.ts';
import { lazyRecord, ownValue } from '@the-house/games/engine/safeKey.ts';
import type { Outcome, PlayerId, Strategy } from '@the-house/games/engine/types.ts';
import { playerOverBudget, matchOverBudget, type Budget } from '../models/budget.ts';
import type { AnswerTrace, MatchRecorder, SeatInfo } from '../models/matchRecorder.ts';
import type { ModelClient } from '../models/modelCall.ts';
import type { ProviderGate } from '../models/providerGate.ts';
import type { PromptMode } from '../decision/conversation.ts';
import type { DecisionRequest } from '../decision/decisionRequest.ts';
import type { ViewWindow } from '../decision/playerView.ts';
import { remoteSeatTurn, type RemoteSeatLine } from '../remote/decideRemote.ts';
import { closePhase } from './closePhase.ts';
import { decideWithRepair, decisionOf } from './decideWithRepair.ts';
import { decisionRequest } from './decisionRequestFor.ts';
import { NotesBook } from './notesBook.ts';
import { seatOwner } from './seatOwner.ts';
import { promptParams, seatPrompter, type SeatPrompter } from './seatPrompts.ts';

/** A headless seat: a baseline strategy, a model behind a client (with the baseline it falls back to once its budget is spent), or a remote agent. */
export type HeadlessSeat =
  | { kind: 'offline'; strategy: Strategy<any, any> }
  | { kind: 'model'; client: ModelClient; gate: ProviderGate | null; persona: string; system: string; fallback: Strategy<any, any> | null; prompts?: PromptMode }
  /** A remote agent (A2A, MCP, HTTP, an entrant's endpoint): the same compact prompt a model seat reads, its own clock and baseline (`remote/decideRemote.ts`). */
  | { kind: 'remote'; line: RemoteSeatLine };

export interface RecordedPlayOptions {
  matchId: string;
  budget: Budget;
  window: ViewWindow;
  deadlineMs?: number;
  signal?: AbortSignal;
  onRound?: (record: RoundRecord) => void;
}

/** What the record keeps of a headless seat. */
export function headlessSeatInfo(seat: HeadlessSeat): SeatInfo {
  if (seat.kind === 'remote') return { brain: 'model', strategy: seat.line.fallback?.name ?? null, persona: '', system: '' };
  return seat.kind === 'offline'
    ? { brain: 'offline', strategy: seat.strategy.name, persona: '', system: '' }
    : { brain: 'model', strategy: seat.fallback?.name ?? null, persona: seat.persona, system: seat.system, ...(seat.prompts && seat.prompts !== 'compact' ? { prompts: seat.prompts } : {}) };
}

/**
 * One match without ElizaOS, every answer recorded as the House records it:
 * a baseline's move as the JSON text it would send, a model's through the
 * same prompt, gate, repair round and budget rules as in the House. The
 * record (with the log) is what `replay-match` replays. Stops at the end, or
 * when the match's budget is spent (`paused`).
 */
export async function playRecorded(match: Match, seats: Record<PlayerId, HeadlessSeat>, recorder: MatchRecorder, opts: RecordedPlayOptions): Promise<{ outcome: Outcome; paused: string | null }> {
  const notes = new NotesBook(opts.matchId);
  const prompters = new Map<PromptMode, SeatPrompter>();
  const prompterOf = (mode: PromptMode) => prompters.get(mode) ?? prompters.set(mode, seatPrompter(mode)).get(mode)!;
  const stop = new AbortController();
  opts.signal?.addEventListener('abort', () => stop.abort());
  let paused: string | null = null;
  const brainOf = (id: PlayerId): Brain | undefined => {
    const owner = seatOwner(match.state, id);
    const seat = ownValue(seats, owner);
    if (!seat) return undefined;
    if (!Object.hasOwn(recorder.record.seats, id)) recorder.record.seats[id] = headlessSeatInfo(seat);
    return {
      name: seat.kind === 'offline' ? seat.strategy.name : seat.kind === 'remote' ? seat.line.entrant : seat.client.model,
      async decide(view, ctx) {
        const { game } = match;
        const state = match.state;
        const answer = (kind: AnswerTrace['kind'], decision: unknown): unknown => {
          const text = JSON.stringify(decision);
          const parsed = decisionOf(text);
          recorder.answer(ctx.round, ctx.phase, ctx.player, { kind, texts: [text], calls: [], outcome: game.validate(state, ctx.player, parsed).ok ? 'valid' : 'fallback', errors: [] });
          return parsed;
        };
        if (seat.kind === 'offline') return answer('offline', seat.strategy.decide(view, ctx));
        const request = decisionRequest(game, state, opts.matchId, view, ctx);
        if (seat.kind === 'remote') {
          const prompt = (req: DecisionRequest) => prompterOf('compact').prompt('', req, notes.of(owner), opts.window).text;
          const turn = await remoteSeatTurn({ game, state, view, ctx, request, table: opts.matchId, line: seat.line, recorder, prompt, signal: stop.signal });
          recorder.answer(ctx.round, ctx.phase, ctx.player, turn.trace);
          if (turn.missing !== undefined) throw new Error(turn.missing);
          return turn.decision;
        }
        const over = playerOverBudget(opts.budget, recorder.spend(ctx.player));
        if (over && seat.fallback) {
          const phase = recorder.phase(ctx.round, ctx.phase);
          (phase.notices ??= []).push({ type: 'budget_exhausted', data: { player: ctx.player, why: over, strategy: seat.fallback.name } });
          return answer('baseline', seat.fallback.decide(view, ctx));
        }
        const { decision, trace } = await decideWithRepair(game, state, ctx.player, 'model', async (repair) => {
          const req = repair ? { ...request, error: repair.error, previous: repair.previous } : request;
          const prompter = prompterOf(seat.prompts ?? 'compact');
          const prompt = prompter.prompt(seat.persona, req, notes.of(owner), opts.window);
          const meta = { caller: ctx.player, purpose: repair ? ('repair' as const) : ('decision' as const), round: ctx.round, phase: ctx.phase, system: seat.system, params: promptParams(prompter.mode, prompt) };
          const r = await recorder.call(seat.client, seat.gate, meta, prompt.text, stop.signal, prompt.shape);
          prompter.answered(ctx.player, r.text);
          return { text: r.text, error: r.error, call: r.call.seq };
        });
        recorder.answer(ctx.round, ctx.phase, ctx.player, trace);
        if (trace.texts.length === 0) throw new Error(`no answer (${trace.errors.join('; ')})`);
        return decision;
      },
    };
  };
  const brains = lazyRecord(brainOf);
  const outcome = await runMatch(match, brains, {
    deadlineMs: opts.deadlineMs,
    signal: stop.signal,
    afterCollect: (m, decisions) => closePhase(recorder, m, decisions),
    external: async () => undefined,
    onPhase: (m) => {
      const over = m.over ? null : matchOverBudget(opts.budget, recorder.spend());
      if (over) {
        paused = over;
        stop.abort();
      }
    },
    onRound: (record) => {
      notes.afterRound(match, [...new Set([...match.state.players, ...match.actors()])]);
      opts.onRound?.(record);
    },
  });
  return { outcome, paused };
}
