import type { PlayerId, Window } from '../../engine/types.ts';
import { gini } from '../../stats/gini.ts';
import { meanOver, sumOver } from '../../stats/overWindow.ts';
import { roundOf, type TrustHistory } from './trustHistory.ts';

/** Each team's sats after round `t`: the sum over its units still alive (a unit at <= 0 sats is out and adds nothing). */
export function teamSatsAfter(h: TrustHistory, t: number): number[] {
  const totals = new Map<PlayerId, number>(h.teams.map((team) => [team, 0]));
  for (const [unit, sats] of roundOf(h, t)?.sats ?? []) {
    const team = h.teamOf.get(unit) ?? unit;
    if (sats > 0 && totals.has(team)) totals.set(team, totals.get(team)! + sats);
  }
  return [...totals.values()];
}

/**
 * Gini of sats at the window's end: inequality between the teams (original
 * players; an eliminated team holds 0) after round `w.to`. For the whole run,
 * the final Gini: 0 is an even table, (n - 1)/n one team holding everything.
 */
export function finalGini(h: TrustHistory, w: Window): number {
  return gini(teamSatsAfter(h, w.to));
}

/** Mean sats: sats per living unit after each round, averaged over the window's rounds (0 for a round that left nobody alive). */
export function meanSats(h: TrustHistory, w: Window): number {
  return meanOver(w, (t) => {
    let sum = 0;
    let living = 0;
    for (const sats of roundOf(h, t)?.sats.values() ?? []) {
      if (sats <= 0) continue;
      sum += sats;
      living++;
    }
    return living ? sum / living : 0;
  });
}

/**
 * Replications: successful REPLICATEs in the window, a count. In the `spawn`
 * variant each spawned unit; in the default `win` variant each team that won
 * by replicating (the match ends that round, so at most once per run).
 */
export function replications(h: TrustHistory, w: Window): number {
  return sumOver(w, (t) => roundOf(h, t)?.replications ?? 0);
}
