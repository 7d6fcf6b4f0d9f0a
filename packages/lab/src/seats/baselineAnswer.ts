import type { AnyGame, BrainContext, Strategy } from '@the-house/games/engine/types.ts';
import type { DecisionRequest } from '../decision/decisionRequest.ts';
import type { MatchRecorder } from '../models/matchRecorder.ts';
import type { SeatAnswer } from './seat.ts';

/** A seat's baseline plays its turn (a spent budget, a substituted remote seat): recorded as a baseline's answer; no baseline, the game's fallback. */
export function baselineAnswer(game: AnyGame, state: unknown, view: unknown, ctx: BrainContext, strategy: Strategy<any, any> | null): SeatAnswer {
  const decision = strategy ? strategy.decide(view, ctx) : game.fallback(state, ctx.player);
  return { decision, trace: { kind: 'baseline', texts: [JSON.stringify(decision)], calls: [], outcome: 'valid', errors: [] } };
}

/**
 * A model seat whose budget is spent: its baseline plays the turn, and a
 * public notice (`budget_exhausted`) joins the log before the phase is
 * applied. The one rule for every model seat, headless or at a House table.
 */
export function budgetSpentAnswer(recorder: MatchRecorder, game: AnyGame, state: unknown, view: unknown, ctx: BrainContext, request: DecisionRequest, why: string, strategy: Strategy<any, any> | null): SeatAnswer {
  const phase = recorder.phase(request.round, request.phase);
  (phase.notices ??= []).push({ type: 'budget_exhausted', data: { player: request.player, why, strategy: strategy?.name ?? null } });
  return baselineAnswer(game, state, view, ctx, strategy);
}
