import { ownValue } from '../engine/safeKey.ts';
import type { GameEvent, PlayerId } from '../engine/types.ts';
import type { CafeMove } from './cafeDecision.ts';
import type { CafePlayer, CafeState } from './cafeTypes.ts';
import { formatTokens, percentOf, toCents, toTokens } from './cents.ts';
import { moveRefusal, openOffer } from './moveRefusal.ts';

/** Kinds in the order the MARKET resolves them, so that donations can fund a rescue in the same round. */
export const MARKET_ORDER: readonly CafeMove['type'][] = ['withdraw_offer', 'accept_loan', 'donate', 'rescue', 'resurrect', 'offer_loan'];

/**
 * Resolves one MARKET phase on a draft state (its table, offers and loans are
 * the caller's fresh copies). Moves go kind by kind in MARKET_ORDER, players
 * in seat order, each player's moves of a kind in the order it listed them.
 * A move that cannot be done is refused with the reason in a private event
 * and in `refusals`; the rest still apply. Tokens only move between banks
 * here, except rescues and resurrections, whose cost leaves the economy.
 */
export function resolveMarket(s: CafeState, movesBy: Record<PlayerId, CafeMove[]>, refusals: Record<PlayerId, string[]>, events: GameEvent[]): void {
  const cfg = s.config;
  const seat = (id: string): CafePlayer => s.table.find((p) => p.id === id)!;
  const refuse = (player: PlayerId, move: CafeMove, why: string) => {
    (refusals[player] = ownValue(refusals, player) ?? []).push(`${move.type} refused: ${why}`);
    events.push({ type: 'move_refused', data: { player, move: move.type, why }, to: [player] });
  };
  // `lender` is whatever a player's answer named (`constructor` too): only an own entry of `movesBy` counts.
  const offeredNow = (lender: PlayerId, borrower: PlayerId) => (ownValue(movesBy, lender) ?? []).some((m) => m.type === 'offer_loan' && m.to === borrower);

  for (const kind of MARKET_ORDER) {
    for (const me of s.table) {
      for (const move of ownValue(movesBy, me.id) ?? []) {
        if (move.type !== kind) continue;
        const rule = moveRefusal(s, me.id, move);
        if (rule) {
          const early = move.type === 'accept_loan' && move.from !== me.id && !openOffer(s, move.from, me.id) && offeredNow(move.from, me.id);
          refuse(me.id, move, early ? `the offer from '${move.from}' is made this round; it can be accepted from round ${s.round + 1}` : rule);
          continue;
        }
        switch (move.type) {
          case 'withdraw_offer': {
            s.offers = s.offers.filter((o) => !(o.lender === me.id && o.borrower === move.to));
            events.push({ type: 'offer_withdrawn', data: { lender: me.id, borrower: move.to } });
            break;
          }
          case 'accept_loan': {
            const lender = seat(move.from);
            const i = s.offers.findIndex((o) => o.lender === lender.id && o.borrower === me.id && o.made < s.round);
            const offer = s.offers[i]!;
            if (!lender.alive) refuse(me.id, move, `'${lender.id}' is eliminated and its bank is frozen`);
            else if (lender.cents < offer.cents) refuse(me.id, move, `'${lender.id}' cannot fund ${formatTokens(offer.cents)} tokens now; the offer stays open`);
            else {
              s.offers.splice(i, 1);
              lender.cents -= offer.cents;
              me.cents += offer.cents;
              const loan = {
                id: s.nextLoanId++,
                lender: lender.id,
                borrower: me.id,
                principalCents: offer.cents,
                rate: offer.rate,
                dueCents: offer.cents + percentOf(offer.cents, offer.rate),
                accepted: s.round,
                dueRound: s.round + offer.duration,
              };
              s.loans.push(loan);
              events.push({
                type: 'loan_accepted',
                data: { loan: loan.id, lender: lender.id, borrower: me.id, amount: toTokens(loan.principalCents), rate: loan.rate, owed: toTokens(loan.dueCents), dueRound: loan.dueRound },
              });
            }
            break;
          }
          case 'donate': {
            const to = seat(move.to);
            const cents = toCents(move.amount);
            if (cents > me.cents) refuse(me.id, move, `you have ${formatTokens(me.cents)} tokens, not ${formatTokens(cents)}`);
            else {
              me.cents -= cents;
              to.cents += cents;
              events.push({ type: 'donation', data: { from: me.id, to: to.id, amount: toTokens(cents) } });
            }
            break;
          }
          case 'rescue': {
            const cost = cfg.rescueCost * 100;
            if (me.cents < cost) refuse(me.id, move, `a rescue costs ${formatTokens(cost)} tokens and you have ${formatTokens(me.cents)}`);
            else {
              const from = me.level;
              me.cents -= cost;
              me.level = Math.min(cfg.maxLevel, me.level + cfg.rescueLevels);
              events.push({ type: 'rescue', data: { player: me.id, cost: toTokens(cost), from, to: me.level } });
            }
            break;
          }
          case 'resurrect': {
            const target = seat(move.target);
            const cost = cfg.resurrectCost * 100;
            if (me.cents < cost) refuse(me.id, move, `a resurrection costs ${formatTokens(cost)} tokens and you have ${formatTokens(me.cents)}`);
            else {
              me.cents -= cost;
              target.alive = true;
              target.level = cfg.resurrectLevel;
              events.push({ type: 'resurrection', data: { by: me.id, target: target.id, cost: toTokens(cost), level: target.level, tokens: toTokens(target.cents) } });
            }
            break;
          }
          case 'offer_loan': {
            const to = seat(move.to);
            const cents = toCents(move.amount);
            if (!to.alive) refuse(me.id, move, `'${to.id}' is eliminated`);
            else if (cents > me.cents) refuse(me.id, move, `you have ${formatTokens(me.cents)} tokens, cannot offer ${formatTokens(cents)}`);
            else {
              const old = s.offers.findIndex((o) => o.lender === me.id && o.borrower === to.id);
              if (old >= 0) s.offers.splice(old, 1);
              s.offers.push({ lender: me.id, borrower: to.id, cents, rate: move.rate, duration: move.duration, made: s.round });
              events.push({
                type: 'loan_offered',
                data: { lender: me.id, borrower: to.id, amount: toTokens(cents), rate: move.rate, duration: move.duration, replaces: old >= 0, openFrom: s.round + 1 },
              });
            }
            break;
          }
        }
      }
    }
  }
}
