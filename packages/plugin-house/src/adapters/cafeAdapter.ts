import type { GameEvent, PlayerId } from '@the-house/games/engine/types.ts';
import { checkJudgeAnswer } from '@the-house/games/cafe/checkJudgeAnswer.ts';
import { judgeRequest } from '@the-house/games/cafe/judgeRequest.ts';
import type { CafeState } from '@the-house/games/cafe/cafeTypes.ts';
import { formatRate } from '@the-house/games/cafe/cents.ts';
import { extractJson } from '@the-house/lab/decision/extractJson.ts';
import type { HouseGameAdapter } from '../houseGameAdapter.ts';
import { publicEvents } from '../roundText.ts';
import { cafeMove, cafeMoveForms, cafeTurnText } from '../seats/cafeSeat.ts';
import type { CafeView } from '@the-house/games/cafe/cafeTypes.ts';

type Data = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const tokens = (v: unknown) => num(v).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** One public Café event in words, or null for those the round text leaves out (the answers themselves: long, and on the House tab). */
function describe(e: GameEvent): string | null {
  const d = (e.data ?? {}) as Data;
  switch (e.type) {
    case 'interest':
      return `Interest ${Math.round(num(d.rate) * 100)}% paid on every living bank.`;
    case 'loan_repaid':
      return `${d.borrower} repaid ${d.lender} ${tokens(d.owed)} tokens (${tokens(d.principal)} at ${formatRate(num(d.rate))}).`;
    case 'loan_defaulted':
      return `DEFAULT: ${d.borrower} did not repay ${d.lender} ${tokens(d.owed)} tokens (${String(d.why ?? 'cannot pay')}); the debt is forgiven.`;
    case 'donation':
      return `${d.from} gave ${d.to} ${tokens(d.amount)} tokens.`;
    case 'loan_offered':
      return `${d.lender} offers ${d.borrower} a loan of ${tokens(d.amount)} at ${formatRate(num(d.rate))} for ${d.duration} round(s).`;
    case 'loan_accepted':
      return `${d.borrower} accepted ${d.lender}'s loan of ${tokens(d.amount)} tokens.`;
    case 'offer_withdrawn':
      return `${d.lender} withdrew the offer to ${d.borrower}.`;
    case 'rescue':
      return `${d.player} paid ${tokens(d.cost)} tokens to rescue itself (level ${d.from} → ${d.to}).`;
    case 'resurrection':
      return `${d.by} paid ${tokens(d.cost)} tokens to bring ${d.target} back at level ${d.level} with ${tokens(d.tokens)} tokens.`;
    case 'verdict':
      return `Verdict${d.by === 'stand-in' ? ' (stand-in judge)' : ''}: best ${d.best} (+1 level, +${tokens(d.award)}), worst ${d.worst} (-1 level). ${String(d.reason ?? '').replace(/^stand-in judge: /, '')}`.trim();
    case 'judge_overruled':
      return `The judge's verdict was set aside (${String(d.why ?? '')}); the stand-in judged.`;
    case 'bonuses':
      return `Bonuses: +${tokens(d.survival)} survival${num(d.group) > 0 ? `, +${tokens(d.group)} because everyone is alive` : ''}.`;
    case 'eliminated':
      return `ELIMINATED: ${d.player} (level -6); its ${tokens(d.tokens)} tokens are frozen until someone resurrects it.`;
    case 'standings': {
      const players = (d.players ?? {}) as Record<string, { tokens: number; level: number; alive: boolean }>;
      return `Standings: ${Object.entries(players)
        .map(([id, p]) => `${id} ${tokens(p.tokens)} (level ${p.level}${p.alive ? '' : ', out'})`)
        .join('; ')}.`;
    }
    case 'match_over':
      return `Match over (${d.kind}): ${[d.winners].flat().join(', ') || 'no winner'}.`;
    case 'challenge':
    case 'responses':
      return null;
    default:
      return `${e.type}: ${JSON.stringify(d)}`;
  }
}

/** A Café round for the game room: the verdict with its reason, and every change to the economy. */
export function cafeRoundText(round: number, events: readonly GameEvent[]): string {
  const lines = publicEvents(events)
    .map(describe)
    .filter((l): l is string => l !== null);
  return [`[café] Round ${round}`, ...lines].join('\n');
}

/**
 * Café in the House. Before each round's decisions the House posts the
 * challenge (its model may write one: `HOUSE_CAFE_MODEL_CHALLENGES=1`); once
 * the answers and market moves are in, the House's model judges them with the
 * written rubric (one repair round quoting the refusal). With no model, or no
 * usable verdict, the game's deterministic stand-in judge decides.
 */
export const cafeAdapter: HouseGameAdapter = {
  game: 'cafe',
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
  parseMove: (text) => cafeMove(text),
  turnText: (_state, _player, view) => cafeTurnText(view as CafeView),
  moveForms: () => cafeMoveForms(),
};
