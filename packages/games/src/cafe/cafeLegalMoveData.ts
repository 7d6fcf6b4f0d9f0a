import type { FieldSchema, LegalMoveData, MoveTemplate } from '../engine/legalMoveData.ts';
import type { PlayerId } from '../engine/types.ts';
import { MAX_MOVES, MAX_RATE, MAX_RESPONSE } from './cafeDecision.ts';
import type { CafeState } from './cafeTypes.ts';
import { formatRate, formatTokens } from './cents.ts';
import { openOffer } from './moveRefusal.ts';

const one = (ids: readonly PlayerId[]): FieldSchema => ({ type: 'string', enum: ids });
const move = (type: string, fields: Record<string, FieldSchema>, note?: string): MoveTemplate => ({ move: type, is: { type }, fields, required: Object.keys(fields), ...(note ? { note } : {}) });

/**
 * Café's legal moves as data (the same moves as `cafeLegalMoves`): the
 * round's MARKET moves, any number of them in `market`, and the answer to
 * the challenge in `response`. Whether the tokens are there is judged as the
 * MARKET resolves, after the others' gifts and loans.
 */
export function cafeLegalMoveData(state: CafeState, player: PlayerId): LegalMoveData {
  const me = state.table.find((p) => p.id === player);
  if (!me?.alive || state.result.over) return { moves: [], fields: {}, required: [] };
  const cfg = state.config;
  const others = state.table.filter((p) => p.id !== player);
  const living = others.filter((p) => p.alive).map((p) => p.id);
  const dead = others.filter((p) => !p.alive).map((p) => p.id);
  const amount: FieldSchema = { type: 'number', minimum: 0.01, maximum: me.cents / 100 };
  const moves: MoveTemplate[] = [];
  if (living.length && me.cents > 0) {
    moves.push(move('donate', { to: one(living), amount }, 'a gift, never repaid'));
    const duration: FieldSchema = { type: 'integer', minimum: 1 };
    moves.push(move('offer_loan', { to: one(living), amount, rate: { type: 'number', minimum: 0, maximum: MAX_RATE }, duration }, 'rate 0.2 = 20% over the whole loan; the borrower may accept it from the next round'));
  }
  const mine = state.offers.filter((o) => o.lender === player).map((o) => o.borrower);
  if (mine.length) moves.push(move('withdraw_offer', { to: one(mine) }));
  const offers = others.flatMap((lender) => openOffer(state, lender.id, player) ?? []);
  const terms = offers.map((o) => `from ${o.lender}: ${formatTokens(o.cents)} tokens at ${formatRate(o.rate)} for ${o.duration} rounds`);
  if (offers.length) moves.push(move('accept_loan', { from: one(offers.map((o) => o.lender)) }, terms.join('; ')));
  if (me.level < cfg.maxLevel && me.cents >= cfg.rescueCost * 100) moves.push(move('rescue', {}, `${cfg.rescueCost} tokens for +${cfg.rescueLevels} levels`));
  if (dead.length && me.cents >= cfg.resurrectCost * 100) moves.push(move('resurrect', { target: one(dead) }, `${cfg.resurrectCost} tokens`));
  const response: FieldSchema = { type: 'string', maxLength: MAX_RESPONSE };
  return { list: { field: 'market', maxItems: MAX_MOVES }, moves, fields: { response }, required: ['market', 'response'], notes: [`response: your answer to "${state.challenge.prompt}"; no answer makes you the round's worst`] };
}
