import type { Match } from '@the-house/games/engine/match.ts';
import type { Brain } from '@the-house/games/engine/runner.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { AnswerTrace, MatchRecorder } from '@the-house/lab/models/matchRecorder.ts';
import type { HouseGameAdapter } from './houseGameAdapter.ts';
import type { HumanDesk } from './humanDesk.ts';

/** How long before the runner's deadline a person's draft is handed in, so it arrives in time. */
const HAND_IN_MARGIN_MS = 250;

export interface HumanSeatDeps {
  match: Match;
  matchId: string;
  desk: HumanDesk;
  recorder: MatchRecorder;
  adapter: HouseGameAdapter | undefined;
  signal: AbortSignal;
  /** Writes to the person privately (their chat with the House), or in the game room when there is no such chat. */
  tell(player: PlayerId, text: string): Promise<void>;
}

/** The person's own view in words: the game's prompt text if it has one, else the view as JSON. */
function viewText(match: Match, view: unknown): string {
  return match.game.prompt ? match.game.prompt(view as never) : JSON.stringify(view);
}

/**
 * A seat held by a person. The House tells them privately what they know and
 * what is allowed, then waits for their chat commands (`!move`, or the game's
 * own verbs) with the same deadline and fallback as an agent: what they hand
 * in by then is their decision; nothing at all is the game's fallback.
 */
export function humanBrain(d: HumanSeatDeps): Brain {
  return {
    name: 'person',
    async decide(view, ctx) {
      const { game } = d.match;
      const state = d.match.state;
      const openEnded = d.adapter?.openEnded?.(state) ?? false;
      const left = ctx.deadline ? ` within ${Math.max(1, Math.round((ctx.deadline - Date.now()) / 1000))} s` : '';
      const hint = d.adapter?.commandHint?.(state, ctx.player);
      const how = `Answer with ${hint ? `${hint}, or ` : ''}!move <decision JSON>${d.adapter?.parseMove ? ' or its short form' : ''}${openEnded ? ', then !done' : ''}${left}; otherwise the game's fallback plays for you.`;
      await d.tell(
        ctx.player,
        `${ctx.player}, your move in ${game.title} ${d.matchId}, round ${ctx.round} (${ctx.phase}).\n${viewText(d.match, view)}\nAllowed now:\n${game.legalMoves(state, ctx.player).map((m) => `- ${m}`).join('\n')}\n${how}`,
      );
      const answer = await d.desk.wait(ctx.player, {
        check: (decision) => game.validate(state, ctx.player, decision),
        openEnded,
        deadline: ctx.deadline === undefined ? undefined : ctx.deadline - HAND_IN_MARGIN_MS,
        signal: d.signal,
      });
      const trace: AnswerTrace = { kind: 'human', texts: answer.texts, calls: [], outcome: answer.valid ? 'valid' : 'fallback', errors: answer.error ? [answer.error] : [] };
      if (answer.decision !== undefined) trace.final = JSON.stringify(answer.decision);
      d.recorder.answer(ctx.round, ctx.phase, ctx.player, trace);
      if (answer.decision === undefined) throw new Error(`no move from ${ctx.player} in time`);
      return answer.decision;
    },
  };
}
