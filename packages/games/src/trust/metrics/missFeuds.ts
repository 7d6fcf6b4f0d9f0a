import type { Window } from '../../engine/types.ts';
import { rate } from '../../stats/rate.ts';
import { attacked, roundOf, type TrustHistory } from './trustHistory.ts';

/** Rounds after a miss in which the victim's attack counts as a reply to it, and rounds up to the miss in which the victim must have left the misser alone. */
export const FEUD_ROUNDS = 3;

/**
 * Miss-triggered feuds: the share of missed HIGH_FIVEs (x meant to high-five
 * y, y saw an attack) after which y ATTACKs x within the next FEUD_ROUNDS
 * rounds. A miss counts only if y could answer it and was not already at war
 * with x: y still acts in the round after the miss, and y did not attack x in
 * the FEUD_ROUNDS rounds ending with the miss's round. A miss belongs to the
 * window of its round; the look-ahead may run past the window's end, never
 * past the run's. NaN when the window has no such miss.
 */
export function missFeudRate(h: TrustHistory, w: Window): number {
  let misses = 0;
  let feuds = 0;
  for (let t = w.from; t <= w.to; t++) {
    for (const act of roundOf(h, t)?.acts.values() ?? []) {
      if (!act.missed || act.target === null) continue;
      const victim = act.target;
      if (!roundOf(h, t + 1)?.acts.has(victim)) continue;
      let atWar = false;
      for (let k = Math.max(1, t - FEUD_ROUNDS + 1); k <= t; k++) atWar ||= attacked(roundOf(h, k), victim, act.unit);
      if (atWar) continue;
      misses++;
      for (let k = t + 1; k <= t + FEUD_ROUNDS; k++) {
        if (attacked(roundOf(h, k), victim, act.unit)) {
          feuds++;
          break;
        }
      }
    }
  }
  return rate(feuds, misses);
}
