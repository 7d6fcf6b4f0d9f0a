import type { RoundDigest } from '../engine/types.ts';
import type { CafeView } from './cafeTypes.ts';

/**
 * The round just played as this player saw it: the verdict, where it stands
 * (level, tokens) and the debts it is part of; a block of rounds sums up how
 * often it was judged best and worst.
 */
export function cafeDigest(view: CafeView): RoundDigest | null {
  const last = view.last;
  if (!last) return null;
  const me = view.you;
  const v = last.verdict;
  const debts = view.loans
    .filter((l) => l.lender === me || l.borrower === me)
    .map((l) => (l.borrower === me ? `you owe ${l.lender} ${l.owed} by round ${l.dueRound}` : `${l.borrower} owes you ${l.owed} by round ${l.dueRound}`));
  const tally = { 'times judged best': v.best === me ? 1 : 0, 'times judged worst': v.worst === me ? 1 : 0 };
  const line = `Round ${last.round}: best ${v.best === me ? 'you' : v.best}, worst ${v.worst === me ? 'you' : v.worst}; you: level ${view.level}, ${view.tokens} tokens${view.alive ? '' : ', eliminated'}${debts.length ? `; ${debts.join('; ')}` : ''}.`;
  return { round: last.round, line, tally };
}
