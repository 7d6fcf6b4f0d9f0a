import type { GameEvent, PlayerId } from '@the-house/games/engine/types.ts';
import { checkJudgeAnswer } from '@the-house/games/cafe/checkJudgeAnswer.ts';
import { judgeRequest } from '@the-house/games/cafe/judgeRequest.ts';
import type { CafeState } from '@the-house/games/cafe/cafeTypes.ts';
import { cafeAnswers } from '@the-house/games/cafe/cafeNarration.ts';
import { extractJson } from '@the-house/lab/decision/extractJson.ts';
import { describeEvents } from '@the-house/lab/report/describeEvent.ts';
import type { HouseGame } from '../houseGame.ts';
import { cafeEndPictures } from './cafeEndPictures.ts';
import { publicEvents } from '../../roundText.ts';
import { cafeMove, cafeMoveForms, cafeMoveProblem, cafeTurnText } from './cafeSeat.ts';
import { cafeRefusal } from './cafeRefusal.ts';
import type { CafeView } from '@the-house/games/cafe/cafeTypes.ts';
import { fieldChart } from '../../dashboard/scoreChart.ts';
import { cafeBoard } from './cafeBoard.ts';
import { cafePanel } from './cafePanel.ts';

/** An answer as the room shows it: whole enough to judge the verdict by, short enough for a chat message. */
const ROOM_ANSWER_CHARS = 400;

/**
 * A Café round for the game room, in the game's words (`cafeNarration`, the
 * room's audience: refusals stay with their player): the economy, then the
 * players' answers to the challenge one per line, the verdict with its reason,
 * bonuses, eliminations, standings and the ending. The challenge itself was
 * posted when the round began.
 */
export function cafeRoundText(round: number, events: readonly GameEvent[]): string {
  const shown = publicEvents(events);
  const told = describeEvents(shown, { game: 'cafe', players: [], over: false, audience: 'room' });
  const lines: string[] = [];
  shown.forEach((e, i) => {
    if (e.type === 'challenge') return;
    if (e.type === 'responses') {
      const answers = cafeAnswers((e.data?.responses ?? {}) as Record<string, unknown>, ROOM_ANSWER_CHARS);
      if (answers.length) lines.push('Answers to the challenge:', ...answers.map((a) => `- ${a}`));
      return;
    }
    const line = told[i];
    if (line) lines.push(line);
  });
  return [`[café] Round ${round}`, ...lines].join('\n');
}

/**
 * Café in the House. Before each round's decisions the House posts the
 * challenge (its model may write one: `HOUSE_CAFE_MODEL_CHALLENGES=1`); once
 * the answers and market moves are in, the House's model judges them with the
 * written rubric (one repair round quoting the refusal). With no model, or no
 * usable verdict, the game's deterministic stand-in judge decides.
 */
export const cafeAdapter: HouseGame = {
  game: 'cafe',
  board: cafeBoard,
  chart: (detail) => fieldChart(detail.history, detail.summary.players.map((p) => p.name), 'tokens', 'Banks after each round', 'tokens'),
  panel: { render: cafePanel, onPage: true },
  async beforePhase(ctx) {
    const state = ctx.match.state as CafeState;
    if (ctx.houseModel && ctx.setting('HOUSE_CAFE_MODEL_CHALLENGES', 0) > 0) {
      const asked = await ctx.askHouse(
        `Write one new challenge for round ${state.round} of the Café game: a practical task a café team could answer in a short paragraph. Answer with ONLY a JSON object {"prompt": "...", "keywords": ["5 to 8 words a good answer would use"]}.`,
        'challenge',
      );
      const challenge = asked.text === null ? null : extractJson(asked.text);
      if (challenge) ctx.pose({ challenge });
    }
    const current = (ctx.match.state as CafeState).challenge;
    await ctx.say(`[café] Round ${state.round} challenge: ${current.prompt}\nAnswer it, and make your market moves, in your reply to the House.`, `challenge:${state.round}`);
  },
  async external(ctx, decisions) {
    if (!ctx.houseModel) return undefined;
    const request = judgeRequest(ctx.match.state as CafeState, decisions);
    let prompt = request.prompt;
    for (let attempt = 0; attempt < 2; attempt++) {
      const asked = await ctx.askHouse(prompt, 'judge');
      if (asked.text === null) return undefined;
      const checked = checkJudgeAnswer(request.judged, request.responses, extractJson(asked.text) ?? asked.text);
      if (checked.ok) return { judge: checked.decision as unknown as Record<PlayerId, unknown> };
      prompt = `${request.prompt}\n\nYour previous verdict was refused: ${checked.error}. Answer again with the JSON object only.`;
    }
    return undefined;
  },
  roundText: (record) => cafeRoundText(record.round, record.events),
  // Banks and levels with the last round's text, whose standings name them in words.
  roundPictures: (_record, match) => cafeEndPictures(match),
  parseMove: (text) => cafeMove(text),
  personMoveProblem: (decision) => cafeMoveProblem(decision),
  refusalInWords: (state, player, decision) => cafeRefusal(state as CafeState, player, decision),
  turnText: (_state, _player, view) => cafeTurnText(view as CafeView),
  moveForms: () => cafeMoveForms(),
};
