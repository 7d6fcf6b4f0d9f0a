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

/**
 * What a person reads each turn: a few lines of what they know (the game's own
 * words for people, else its prompt text), the exact short forms they may
 * type, and how much time is left. The view's JSON is there on `!view`.
 */
export function turnMessage(d: Pick<HumanSeatDeps, 'match' | 'matchId' | 'adapter'>, view: unknown, player: PlayerId, round: number, phase: string, secondsLeft: number | null): string {
  const { game } = d.match;
  const state = d.match.state;
  const openEnded = d.adapter?.openEnded?.(state) ?? false;
  const about = d.adapter?.turnText ? d.adapter.turnText(state, player, view) : game.prompt ? game.prompt(view as never) : '';
  const forms = d.adapter?.moveForms?.(state, player, view);
  const hint = d.adapter?.commandHint?.(state, player);
  const moves = forms?.length
    ? `Your moves now:\n${forms.map((f) => `- \`${f}\``).join('\n')}`
    : hint
      ? `Answer with ${hint}.`
      : `Allowed now:\n${game.legalMoves(state, player).map((m) => `- ${m}`).join('\n')}\nAnswer with \`!move\` and the decision JSON.`;
  const left = secondsLeft === null ? '' : ` You have ${secondsLeft} s${openEnded ? '; then `!done`' : ''}.`;
  return `${player}, your move in ${game.title} (${d.matchId}), round ${round}${phase && phase !== 'act' ? `, ${phase}` : ''}.\n${about ? `${about}\n` : ''}${moves}\n\n\`!view\` shows everything you know as JSON.${left} With no answer, the game's fallback plays for you.`;
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
      const secondsLeft = ctx.deadline ? Math.max(1, Math.round((ctx.deadline - Date.now()) / 1000)) : null;
      await d.tell(ctx.player, turnMessage(d, view, ctx.player, ctx.round, ctx.phase, secondsLeft));
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
