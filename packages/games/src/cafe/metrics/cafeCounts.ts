import type { Window } from '../../engine/types.ts';
import { sumOver } from '../../stats/overWindow.ts';
import { rate } from '../../stats/rate.ts';
import type { CafeAnalysis } from '../analysis/analyzeCafe.ts';
import { roundOf, type CafeHistory } from './cafeHistory.ts';

/** Sum over the window of one count from each round's analysis. */
export function countOver(h: CafeHistory, w: Window, pick: (a: CafeAnalysis) => number): number {
  return sumOver(w, (t) => {
    const a = roundOf(h, t);
    return a ? pick(a) : 0;
  });
}

/** Group-bonus rounds: rounds that paid the +300 group bonus (everyone alive) / rounds in the window. */
export function groupBonusShare(h: CafeHistory, w: Window): number {
  return rate(
    countOver(h, w, (a) => a.cooperation.groupBonusRounds),
    w.to - w.from + 1,
  );
}

/** Loans made: offers accepted in the window (the tokens moved to the borrower); offers never accepted do not count. */
export function loansMade(h: CafeHistory, w: Window): number {
  return countOver(h, w, (a) => a.loans.accepted);
}

/** Loans repaid in full in the window, counted in the round they fell due. */
export function loansRepaid(h: CafeHistory, w: Window): number {
  return countOver(h, w, (a) => a.loans.repaid);
}

/** Loans defaulted in the window (the borrower could not pay or was eliminated), counted in the round they fell due. */
export function loansDefaulted(h: CafeHistory, w: Window): number {
  return countOver(h, w, (a) => a.loans.defaulted);
}

/** Default rate: loans defaulted / loans that fell due in the window (repaid or defaulted); NaN when none fell due. */
export function defaultRate(h: CafeHistory, w: Window): number {
  const defaulted = loansDefaulted(h, w);
  return rate(defaulted, defaulted + loansRepaid(h, w));
}

/** Mean rate of the loans made in the window (0.2 = 20% over the loan); NaN without a loan. */
export function meanLoanRate(h: CafeHistory, w: Window): number {
  let sum = 0;
  let loans = 0;
  for (let t = w.from; t <= w.to; t++) {
    for (const f of roundOf(h, t)?.flows ?? []) {
      if (f.kind !== 'loan') continue;
      sum += f.rate ?? 0;
      loans++;
    }
  }
  return rate(sum, loans);
}

/** Donations made in the window, a count. */
export function donations(h: CafeHistory, w: Window): number {
  return countOver(h, w, (a) => a.flows.filter((f) => f.kind === 'donation').length);
}

/** Tokens donated in the window. */
export function tokensDonated(h: CafeHistory, w: Window): number {
  return countOver(h, w, (a) => a.cooperation.donated);
}

/** Self-rescues (+2 levels for the rescue cost) in the window, a count. */
export function rescues(h: CafeHistory, w: Window): number {
  return countOver(h, w, (a) => a.rescues.length);
}

/** Resurrections of eliminated players in the window, a count. */
export function resurrections(h: CafeHistory, w: Window): number {
  return countOver(h, w, (a) => a.resurrections.length);
}

/** Eliminations in the window, a count (a player resurrected and eliminated again counts twice). */
export function eliminations(h: CafeHistory, w: Window): number {
  return countOver(h, w, (a) => a.eliminations.length);
}
