import type { PlayerId } from '../engine/types.ts';
import type { CafeState } from './cafeTypes.ts';
import { formatRate, formatTokens } from './cents.ts';
import { openOffer } from './moveRefusal.ts';

/** Human-readable legal moves of a player now, for prompts and error messages. */
export function cafeLegalMoves(state: CafeState, player: PlayerId): string[] {
  const me = state.table.find((p) => p.id === player);
  if (!me?.alive || state.result.over) return [];
  const cfg = state.config;
  const others = state.table.filter((p) => p.id !== player);
  const living = others.filter((p) => p.alive).map((p) => p.id);
  const dead = others.filter((p) => !p.alive).map((p) => p.id);
  const bank = formatTokens(me.cents);
  const moves = [`response: your answer to "${state.challenge.prompt}" (required; no answer makes you the worst)`];
  if (living.length && me.cents > 0) {
    moves.push(`donate {to, amount}: to one of ${living.join(', ')}; amount up to ${bank}`);
    moves.push(`offer_loan {to, amount, rate >= 0 (0.2 = 20%; above 1 is unusual), duration >= 1}: to one of ${living.join(', ')}; amount up to ${bank}`);
  }
  const mine = state.offers.filter((o) => o.lender === player).map((o) => o.borrower);
  if (mine.length) moves.push(`withdraw_offer {to}: one of ${mine.join(', ')}`);
  for (const lender of others) {
    const o = openOffer(state, lender.id, player);
    if (o) moves.push(`accept_loan {from: "${o.lender}"}: ${formatTokens(o.cents)} tokens at ${formatRate(o.rate)} for ${o.duration} rounds`);
  }
  if (me.level < cfg.maxLevel && me.cents >= cfg.rescueCost * 100) moves.push(`rescue {}: ${cfg.rescueCost} tokens for +${cfg.rescueLevels} levels`);
  if (dead.length && me.cents >= cfg.resurrectCost * 100) moves.push(`resurrect {target}: one of ${dead.join(', ')} for ${cfg.resurrectCost} tokens`);
  return moves;
}
