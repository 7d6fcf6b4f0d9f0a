import type { PlayerId } from '../engine/types.ts';
import type { CafeMove } from './cafeDecision.ts';
import type { CafeState, LoanOffer } from './cafeTypes.ts';
import { toCents } from './cents.ts';

/** The open offer `lender` made `borrower` in an earlier round, or undefined. */
export function openOffer(state: CafeState, lender: PlayerId, borrower: PlayerId): LoanOffer | undefined {
  return state.offers.find((o) => o.lender === lender && o.borrower === borrower && o.made < state.round);
}

/**
 * Why `player` may not make `move` at this table, for the reasons that no
 * other move of the same MARKET can lift: a player who does not exist, a
 * move aimed at yourself, an amount under one cent, no open offer to accept
 * or withdraw, a gift to an eliminated bank (gifts resolve before
 * resurrections), a rescue at the top level, resurrecting the living. Null
 * when none applies; whether the tokens are there is judged as the MARKET
 * resolves. `validate` and `resolveMarket` share it, so a model hears the
 * same words before and after.
 */
export function moveRefusal(state: CafeState, player: PlayerId, move: CafeMove): string | null {
  const seat = (id: string) => state.table.find((p) => p.id === id);
  const unknown = (id: string) => `there is no player '${id}' (players: ${state.players.join(', ')})`;
  switch (move.type) {
    case 'donate':
    case 'offer_loan': {
      const to = seat(move.to);
      if (!to) return unknown(move.to);
      if (to.id === player) return move.type === 'donate' ? 'you cannot donate to yourself' : 'you cannot lend to yourself';
      if (toCents(move.amount) < 1) return 'the amount must be at least 0.01 tokens';
      if (move.type === 'donate' && !to.alive) return `'${to.id}' is eliminated; its bank is frozen (resurrect it first)`;
      return null;
    }
    case 'accept_loan': {
      const lender = seat(move.from);
      if (!lender) return unknown(move.from);
      if (lender.id === player) return 'you cannot borrow from yourself';
      if (!openOffer(state, lender.id, player)) return `'${lender.id}' has no open loan offer to you`;
      return null;
    }
    case 'withdraw_offer':
      return state.offers.some((o) => o.lender === player && o.borrower === move.to) ? null : `you have no open loan offer to '${move.to}'`;
    case 'rescue': {
      const me = seat(player);
      return me && me.level >= state.config.maxLevel ? `you are already at the top level (${state.config.maxLevel})` : null;
    }
    case 'resurrect': {
      const target = seat(move.target);
      if (!target) return unknown(move.target);
      return target.alive ? `'${target.id}' is alive; only an eliminated player can be resurrected` : null;
    }
  }
}
