import { gini } from '../../stats/gini.ts';
import type { MatchHistory, Window } from './roundCounts.ts';

/** Gini of gold: inequality of the gold each player gained within the window (the whole match: final gold). */
export function giniOfGold(h: MatchHistory, w: Window): number {
  const end = h.logs[w.to - 1]!.gold;
  const startGold = w.from > 1 ? h.logs[w.from - 2]!.gold : null;
  return gini(end.map((g, i) => g - (startGold ? startGold[i]! : 0)));
}

/** Herfindahl-Hirschman index of one ownership map: sum of squared shares of the owned plots (0 when none is owned). */
export function hhi(owner: readonly number[], players: number): number {
  const counts = new Array<number>(players).fill(0);
  let owned = 0;
  for (const o of owner) {
    if (o >= 0) {
      counts[o]!++;
      owned++;
    }
  }
  if (owned === 0) return 0;
  let s = 0;
  for (const c of counts) s += (c / owned) ** 2;
  return s;
}

/** HHI of holdings: the HHI of the ownership map after each round, averaged over the window. */
export function hhiOfHoldings(h: MatchHistory, w: Window): number {
  let s = 0;
  for (let t = w.from; t <= w.to; t++) s += hhi(h.logs[t - 1]!.owner, h.players);
  return s / (w.to - w.from + 1);
}
