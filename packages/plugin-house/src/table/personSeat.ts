import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { AnswerTrace, SeatInfo } from '@the-house/lab/models/matchRecorder.ts';
import type { HouseGame } from '../games/houseGame.ts';
import type { Match } from '@the-house/games/engine/match.ts';
import { awayText, privateRoundText } from '../texts/houseTexts.ts';
import { canonicalNames } from './canonicalNames.ts';
import type { Seat, SeatAnswer, SeatTurn } from '@the-house/lab/seats/seat.ts';
import type { TableCore } from './tableCore.ts';
import { personOf } from '../seats/seatSpec.ts';

/** Heads a turn asked again after play stopped mid-phase (the host restarted, another host took over, the match was stopped and resumed): the same turn with fresh time; a move typed before went with the phase. */
export const AGAIN_LINE = 'The same turn again: play stopped during it and goes on now. A move you typed before was not kept, so type it again.';

/** How long before the runner's deadline a person's draft is handed in, so it arrives in time. */
const HAND_IN_MARGIN_MS = 250;

/**
 * What a person reads each turn: a few lines of what they know (the game's own
 * words for people, else its prompt text), the exact short forms they may
 * type, and how much time is left. The view's JSON is there on `!view`.
 */
export function turnMessage(d: { match: Match; matchId: string; adapter: HouseGame | undefined }, view: unknown, player: PlayerId, round: number, phase: string, secondsLeft: number | null, again = false): string {
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
  return `${again ? `${AGAIN_LINE}\n` : ''}${player}, your move in ${game.title} (${d.matchId}), round ${round}${phase && game.phases.length > 1 ? `, ${phase}` : ''}.\n${about ? `${about}\n` : ''}${moves}\n\n\`!view\` shows everything you know as JSON.${left} With no answer, the game's fallback plays for you.`;
}

/**
 * A seat held by a person. The House tells them privately what they know and
 * what is allowed, then waits for their chat commands (`!move`, or the game's
 * own verbs) with the same deadline and fallback as an agent: the desk refuses
 * a move until it is legal (a person's repair), and what they hand in by the
 * deadline is their decision; nothing at all is the game's fallback.
 */
export class PersonSeat implements Seat {
  readonly kind = 'person' as const;
  readonly info: SeatInfo = { brain: 'human', strategy: null, persona: '', system: '' };

  constructor(
    private readonly table: TableCore,
    private readonly id: PlayerId,
  ) {}

  async decide({ view, ctx }: SeatTurn): Promise<SeatAnswer> {
    const { table } = this;
    const match = table.match!;
    const state = match.state;
    const adapter = table.adapter;
    const openEnded = adapter?.openEnded?.(state) ?? false;
    const seat = personOf(table.stored, this.id)!;
    if (seat.away) {
      const trace: AnswerTrace = { kind: 'human', texts: [], calls: [], outcome: 'fallback', errors: ['away'] };
      return { decision: undefined, trace, missing: `${ctx.player} is away (missed ${table.host.settings.missedTurns} turns in a row)` };
    }
    const secondsLeft = ctx.deadline ? Math.max(1, Math.round((ctx.deadline - Date.now()) / 1000)) : null;
    // Marked before anything waits, so a save written while this phase runs carries it: a host resuming this phase sees the turn was told.
    const turn = `${ctx.round}:${ctx.phase}:${table.stored.log.length}`;
    const resumed = seat.toldTurn === turn;
    seat.toldTurn = turn;
    // The House waits before it asks: a person who answers the moment the turn reaches them is heard.
    const waiting = table.humans.wait(ctx.player, {
      check: (decision) => match.game.validate(state, ctx.player, decision),
      normalize: (decision) => canonicalNames(decision, table.stored.players),
      openEnded,
      deadline: ctx.deadline === undefined ? undefined : ctx.deadline - HAND_IN_MARGIN_MS,
      signal: table.abort.signal,
    });
    // With a pause between rounds the last save is written before this phase asks anyone, so the mark above may never be
    // saved before the host dies: the outbox keeps the turn told, written before the person reads it.
    const again = (await table.voice.toldTurnBefore(ctx.player, turn)) || resumed;
    await table.voice.tellPerson(ctx.player, turnMessage({ match, matchId: table.stored.id, adapter }, view, ctx.player, ctx.round, ctx.phase, secondsLeft, again));
    const answer = await waiting;
    const trace: AnswerTrace = { kind: 'human', texts: answer.texts, calls: [], outcome: answer.valid ? 'valid' : 'fallback', errors: answer.error ? [answer.error] : [] };
    if (answer.decision !== undefined) trace.final = JSON.stringify(answer.decision);
    await this.countMiss(ctx.player, answer.texts.length === 0 && answer.decision === undefined && !openEnded && !table.abort.signal.aborted);
    return answer.decision === undefined ? { decision: undefined, trace, missing: `no move from ${ctx.player} in time` } : { decision: answer.decision, trace };
  }

  /**
   * A turn let pass without a word (an open-ended phase such as WHISPER may
   * rightly pass so) counts; any move resets the count. Past the House's limit
   * the seat is away: the game's fallback plays it for the rest of the match,
   * and the room is told, so one absent person never stalls a table for good.
   */
  private async countMiss(player: PlayerId, missed: boolean): Promise<void> {
    const seat = personOf(this.table.stored, this.id)!;
    seat.missed = missed ? (seat.missed ?? 0) + 1 : 0;
    const limit = this.table.host.settings.missedTurns;
    if (seat.missed < limit) return;
    seat.away = true;
    await this.table.voice.say(awayText(player, limit)).catch(() => undefined);
  }

  /**
   * What the round told this person alone (a miss, a beg's answer), in their
   * chat with the House, when no next turn of theirs will say it: a turn's
   * text carries the notices of the round before, so a person asked again
   * would read them twice.
   */
  async tell(round: number): Promise<void> {
    const match = this.table.match!;
    const asked = !match.over && !personOf(this.table.stored, this.id)?.away && match.game.actors(match.state).includes(this.id);
    if (asked) return;
    const notices = (match.game.view(match.state, this.id) as { notices?: unknown } | null)?.notices;
    if (!Array.isArray(notices) || !notices.length) return;
    const text = privateRoundText(round, notices);
    // A host that took over plays the round again: the words it already said go once.
    if (await this.table.voice.toldNoticeBefore(this.id, round, text)) return;
    await this.table.voice.tellPerson(this.id, text);
  }
}
