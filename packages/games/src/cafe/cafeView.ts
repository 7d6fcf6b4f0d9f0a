import type { PlayerId } from '../engine/types.ts';
import type { CafeState, CafeView } from './cafeTypes.ts';
import { toTokens } from './cents.ts';
import { cafeRulesOf } from './cafeRulesText.ts';
import { ownValue } from '../engine/safeKey.ts';

/**
 * A player's view: the table (levels, banks, who is alive), every open offer
 * and outstanding loan, the current challenge and the last round's answers and
 * verdict are public in the Café; the only private part is the player's own
 * notices (its refused moves last round).
 */
export function cafeView(state: CafeState, player: PlayerId): CafeView {
  const me = state.table.find((p) => p.id === player);
  const cfg = state.config;
  const rules = cafeRulesOf(cfg);
  return {
    you: player,
    round: state.round,
    rounds: cfg.rounds,
    challenge: state.challenge,
    level: me?.level ?? 0,
    tokens: toTokens(me?.cents ?? 0),
    alive: me?.alive ?? false,
    players: state.table.map((p) => ({ id: p.id, level: p.level, tokens: toTokens(p.cents), alive: p.alive })),
    offers: state.offers.map((o) => ({ lender: o.lender, borrower: o.borrower, amount: toTokens(o.cents), rate: o.rate, duration: o.duration, open: o.made < state.round })),
    loans: state.loans.map((l) => ({ lender: l.lender, borrower: l.borrower, principal: toTokens(l.principalCents), owed: toTokens(l.dueCents), rate: l.rate, dueRound: l.dueRound })),
    last: state.last,
    notices: ownValue(state.notices, player) ?? [],
    costs: rules.costs,
    economy: rules.economy,
  };
}
