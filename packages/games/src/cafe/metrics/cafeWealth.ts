import type { Window } from '../../engine/types.ts';
import { meanOver } from '../../stats/overWindow.ts';
import { standingsAfter, type CafeHistory } from './cafeHistory.ts';

/** Survivors: players alive after the window's last round (for the whole run: at the end). NaN when that round has no standings. */
export function survivors(h: CafeHistory, w: Window): number {
  return standingsAfter(h, w.to)?.alive.length ?? Number.NaN;
}

/**
 * Gini of the living players' banks after the window's last round (the whole
 * run: the final Gini), as the Café analysis computes it: eliminated players'
 * frozen banks are out, so a lone survivor gives 0. NaN without standings.
 */
export function finalGini(h: CafeHistory, w: Window): number {
  return standingsAfter(h, w.to)?.gini ?? Number.NaN;
}

/** Mean Gini: the Gini of the living banks after each round, averaged over the window's rounds. */
export function meanGini(h: CafeHistory, w: Window): number {
  return meanOver(w, (t) => standingsAfter(h, t)?.gini ?? Number.NaN);
}
