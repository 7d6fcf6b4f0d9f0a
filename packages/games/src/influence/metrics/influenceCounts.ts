import type { Window } from '../../engine/types.ts';
import { sumOver } from '../../stats/overWindow.ts';
import { rate } from '../../stats/rate.ts';
import { roundOf, type InfluenceHistory } from './influenceHistory.ts';

/** Rounds played: the rounds of the window (for the whole run, every round until the game ended). */
export function roundsPlayed(_h: InfluenceHistory, w: Window): number {
  return w.to - w.from + 1;
}

/** Empower votes the eventual winner received over the window's rounds (a count); NaN when the run has no winner. */
export function winnerEmpowerVotes(h: InfluenceHistory, w: Window): number {
  const winner = h.winner;
  return winner === null ? Number.NaN : sumOver(w, (t) => roundOf(h, t)?.empowerVotes.get(winner) ?? 0);
}

/** Expose votes the eventual winner received over the window's rounds (a count); NaN when the run has no winner. */
export function winnerExposeVotes(h: InfluenceHistory, w: Window): number {
  const winner = h.winner;
  return winner === null ? Number.NaN : sumOver(w, (t) => roundOf(h, t)?.exposeVotes.get(winner) ?? 0);
}

/** DM volume: DMs sent / players alive at each round's start, summed over the window (DMs per living player per round). */
export function dmVolume(h: InfluenceHistory, w: Window): number {
  return rate(
    sumOver(w, (t) => roundOf(h, t)?.dms.length ?? 0),
    sumOver(w, (t) => roundOf(h, t)?.alive.length ?? 0),
  );
}

/** Inactivity eliminations in the window, a count (players out for too many auto-filled actions in a row). */
export function inactivityEliminations(h: InfluenceHistory, w: Window): number {
  return sumOver(w, (t) => roundOf(h, t)?.eliminated.filter((e) => e.reason === 'inactivity').length ?? 0);
}
