import type { Match } from '@the-house/games/engine/match.ts';
import type { NarratedEvent } from '@the-house/games/engine/narration.ts';
import type { GameEvent, PlayerId } from '@the-house/games/engine/types.ts';
import { trustMissRecap } from '@the-house/games/trust/trustNarration.ts';
import { begsThisRound } from '@the-house/games/trust/trustNoise.ts';
import type { TrustState, TrustView } from '@the-house/games/trust/trustTypes.ts';
import { describeEvents } from '@the-house/lab/report/describeEvent.ts';
import type { HouseGame } from '../houseGame.ts';
import { trustEndPictures } from './trustEndPictures.ts';
import type { PendingBeg } from '../../types.ts';
import { trustMove, trustMoveForms, trustTurnText } from './trustSeat.ts';
import { trustChart } from './trustChart.ts';
import { trustBoard } from './trustBoard.ts';

/**
 * A Trust round in the room's words (`trustNarration`, audience `room`): who
 * high-fived, attacked or blocked whom, feuds with the round they began, the
 * scoreboard, eliminations and the ending. The room is where the players sit,
 * so it tells only what everyone saw: a missed high five is the attack
 * everyone saw (RULES T-4), a beg only granted or declined (T-5). `earlier`
 * are the log's events of the rounds before, so a feud is named with the
 * round it began; once the match is over, the misses are told after all.
 */
export function trustRoundText(round: number, events: readonly GameEvent[], earlier: readonly NarratedEvent[] = [], state?: TrustState): string {
  const over = state?.result.over === true;
  const told = describeEvents([...earlier, ...events], { game: 'trust', players: state?.players ?? [], over, audience: 'room' }).slice(earlier.length);
  const recap = over && state.round === round ? trustMissRecap(state) : null;
  return [`[trust] Round ${round}`, ...told.filter((line): line is string => Boolean(line)), ...(recap ? [recap] : [])].join('\n');
}

/** The log's events of the rounds before `round` (a House match always keeps its log). */
function earlierEvents(match: Match, round: number): NarratedEvent[] {
  return (match.log?.entries ?? []).filter((e) => e.round < round);
}

/**
 * Trust in the House: every BEG goes to the observer (RULES T-a). Only the BEGs
 * that happen are asked (noise is a seeded draw the House knows before the
 * round is applied); the game room hears only "X begs the observer", and the
 * round's text later says granted or declined. Amount and reason go privately
 * to the observer (`tellObserver`: the chat `!play` came from, and the House
 * tab's pending begs). A person answers with `!grant` / `!decline` until the
 * beg timeout (`HOUSE_BEG_TIMEOUT_MS`, else the match's `begTimeoutMs`), then
 * the configured policy answers whatever is left (by leaving it out of
 * `external.observer`).
 */
export const trustAdapter: HouseGame = {
  game: 'trust',
  houseVerbs: ['grant', 'decline'],
  board: trustBoard,
  roomNote: 'This room is told what the players saw: a high five that goes astray shows here as the attack it landed as. Each one is on the match page once the match is over.',
  chart: trustChart,
  async external(ctx, decisions) {
    const { match } = ctx;
    const state = match.state as TrustState;
    const timeout = ctx.setting('HOUSE_BEG_TIMEOUT_MS', state.config.begTimeoutMs);
    const deadline = Date.now() + timeout;
    const begs: PendingBeg[] = begsThisRound(state, decisions).map((b) => ({ ...b, round: state.round, deadline }));
    if (begs.length === 0) return undefined;
    const policy = state.config.observer;
    // RULES T-c: its opener sits in it, so no person observes: the policy answers now, nobody is asked and nothing waits.
    if (ctx.unobserved) return { observer: {} };
    // The desk opens before the observer hears of a beg: an answer typed the moment the message arrives finds it open.
    const asking = ctx.observer.ask(begs, deadline, ctx.signal);
    for (const beg of begs) {
      await ctx.say(`${beg.player} begs the observer.`, `beg:${state.round}:${beg.player}`);
      // The player's words as a quotation (JSON: its quote marks and line breaks escaped), after its name.
      await ctx.tellObserver(
        `${beg.player} begs you for ${beg.amount} sats: ${JSON.stringify(beg.reason)}. Answer with !grant @${beg.player} N REASON or !decline @${beg.player} REASON within ${Math.round(timeout / 1000)} s; after that the ${policy} policy answers.`,
      );
    }
    const { answers, unanswered } = await asking;
    if (unanswered.length) await ctx.tellObserver(`No answer for ${unanswered.join(', ')} in time: the ${policy} policy answers.`);
    return { observer: answers as Record<PlayerId, unknown> };
  },
  roundText: (record, match) => trustRoundText(record.round, record.events, earlierEvents(match, record.round), match.state as TrustState),
  // The sats race with the last round's text, which names the final sats in words.
  roundPictures: (_record, match) => trustEndPictures(match),
  parseMove: (text) => trustMove(text),
  turnText: (_state, _player, view) => trustTurnText(view as TrustView),
  moveForms: (state, _player, view) => trustMoveForms(state as TrustState, view as TrustView),
};
