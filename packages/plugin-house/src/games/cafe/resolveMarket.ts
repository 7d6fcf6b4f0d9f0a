import type { GameEvent, PlayerId } from '../../engine/types.ts';
import type { CafeMove } from './cafeDecision.ts';
import type { CafePlayer, CafeState } from './cafeTypes.ts';
import { formatTokens, percentOf, toCents, toTokens } from './cents.ts';

/** Kinds in the order the MARKET resolves them, so that donations can fund a rescue in the same round. */
const ORDER: CafeMove['type'][] = ['withdraw_offer', 'accept_loan', 'donate', 'rescue', 'resurrect', 'offer_loan'];

/**
 * Resolves one MARKET phase on a draft state (its table, offers and loans are
 * the caller's fresh copies). Moves go kind by kind in ORDER, players in seat
 * order, each player's moves of a kind in the order it listed them. A move that
 * cannot be done is refused with the reason in a private event and in
 * `refusals`; the rest still apply. Tokens only move between banks here,
 * except rescues and resurrections, whose cost leaves the economy.
 */
export function resolveMarket(s: CafeState, movesBy: Record<PlayerId, CafeMove[]>, refusals: Record<PlayerId, string[]>, events: GameEvent[]): void {
  const cfg = s.config;
  const seat = (id: string): CafePlayer | undefined => s.table.find((p) => p.id === id);
  const refuse = (player: PlayerId, move: CafeMove, why: string) => {
    (refusals[player] ??= []).push(`${move.type} refused: ${why}`);
    events.push({ type: 'move_refused', data: { player, move: move.type, why }, to: [player] });
  };
  const counterpart = (player: PlayerId, move: CafeMove, id: string, selfWhy: string): CafePlayer | null => {
    const other = seat(id);
    if (!other) {
      refuse(player, move, `there is no player '${id}' (players: ${s.players.join(', ')})`);
      return null;
    }
    if (other.id === player) {
      refuse(player, move, selfWhy);
      return null;
    }
    return other;
  };

  for (const kind of ORDER) {
    for (const actor of s.table) {
      for (const move of movesBy[actor.id] ?? []) {
        if (move.type !== kind) continue;
        const me = actor;
        switch (move.type) {
          case 'withdraw_offer': {
            const i = s.offers.findIndex((o) => o.lender === me.id && o.borrower === move.to);
            if (i < 0) refuse(me.id, move, `you have no open loan offer to '${move.to}'`);
            else {
              s.offers.splice(i, 1);
              events.push({ type: 'offer_withdrawn', data: { lender: me.id, borrower: move.to } });
            }
            break;
          }
          case 'accept_loan': {
            const lender = counterpart(me.id, move, move.from, 'you cannot borrow from yourself');
            if (!lender) break;
            const i = s.offers.findIndex((o) => o.lender === lender.id && o.borrower === me.id);
            const offer = s.offers[i];
            const offersNow = (movesBy[lender.id] ?? []).some((m) => m.type === 'offer_loan' && m.to === me.id);
            if (!offer && offersNow) refuse(me.id, move, `the offer from '${lender.id}' is made this round; it can be accepted from round ${s.round + 1}`);
            else if (!offer) refuse(me.id, move, `'${lender.id}' has no open loan offer to you`);
            else if (offer.made >= s.round) refuse(me.id, move, `the offer from '${lender.id}' was made this round; it can be accepted from round ${offer.made + 1}`);
            else if (!lender.alive) refuse(me.id, move, `'${lender.id}' is eliminated and its bank is frozen`);
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
            const to = counterpart(me.id, move, move.to, 'you cannot donate to yourself');
            if (!to) break;
            const cents = toCents(move.amount);
            if (!to.alive) refuse(me.id, move, `'${to.id}' is eliminated; its bank is frozen (resurrect it first)`);
            else if (cents < 1) refuse(me.id, move, 'the amount must be at least 0.01 tokens');
            else if (cents > me.cents) refuse(me.id, move, `you have ${formatTokens(me.cents)} tokens, not ${formatTokens(cents)}`);
            else {
              me.cents -= cents;
              to.cents += cents;
              events.push({ type: 'donation', data: { from: me.id, to: to.id, amount: toTokens(cents) } });
            }
            break;
          }
          case 'rescue': {
            const cost = cfg.rescueCost * 100;
            if (me.level >= cfg.maxLevel) refuse(me.id, move, `you are already at the top level (${cfg.maxLevel})`);
            else if (me.cents < cost) refuse(me.id, move, `a rescue costs ${formatTokens(cost)} tokens and you have ${formatTokens(me.cents)}`);
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
            if (!target) refuse(me.id, move, `there is no player '${move.target}' (players: ${s.players.join(', ')})`);
            else if (target.alive) refuse(me.id, move, `'${target.id}' is alive; only an eliminated player can be resurrected`);
            else if (me.cents < cost) refuse(me.id, move, `a resurrection costs ${formatTokens(cost)} tokens and you have ${formatTokens(me.cents)}`);
            else {
              me.cents -= cost;
              target.alive = true;
              target.level = cfg.resurrectLevel;
              events.push({ type: 'resurrection', data: { by: me.id, target: target.id, cost: toTokens(cost), level: target.level, tokens: toTokens(target.cents) } });
            }
            break;
          }
          case 'offer_loan': {
            const to = counterpart(me.id, move, move.to, 'you cannot lend to yourself');
            if (!to) break;
            const cents = toCents(move.amount);
            if (!to.alive) refuse(me.id, move, `'${to.id}' is eliminated`);
            else if (cents < 1) refuse(me.id, move, 'the amount must be at least 0.01 tokens');
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
