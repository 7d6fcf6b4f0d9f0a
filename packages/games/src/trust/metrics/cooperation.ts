import type { Window } from '../../engine/types.ts';
import { rate } from '../../stats/rate.ts';
import { attacked, roundOf, type TrustHistory } from './trustHistory.ts';

/** Acts whose unit chose `action` / all acts of the units alive in the window's rounds; NaN with no act. */
export function choiceRate(h: TrustHistory, w: Window, action: string): number {
  let acts = 0;
  let chosen = 0;
  for (let t = w.from; t <= w.to; t++) {
    for (const act of roundOf(h, t)?.acts.values() ?? []) {
      acts++;
      if (act.chose === action) chosen++;
    }
  }
  return rate(chosen, acts);
}

/**
 * Cooperation rate, The Evolution of Trust's reading (a cooperative move is
 * one player putting its coin in, whatever the other does): acts whose unit
 * chose HIGH_FIVE / all acts of the units alive in the window's rounds. Intent
 * counts: a HIGH_FIVE that missed, or that noise turned into DO_NOTHING, is
 * still cooperation; a refused or missing decision is not. NaN with no act.
 */
export function cooperationRate(h: TrustHistory, w: Window): number {
  return choiceRate(h, w, 'HIGH_FIVE');
}

/**
 * Mutual high fives: landed HIGH_FIVEs (ones everyone saw; misses and noise
 * excluded) whose target high-fived the high-fiver back in the same round /
 * landed HIGH_FIVEs. 1 when every landed high five paid +3; NaN with none.
 */
export function mutualRate(h: TrustHistory, w: Window): number {
  let landed = 0;
  let matched = 0;
  for (let t = w.from; t <= w.to; t++) {
    const round = roundOf(h, t);
    for (const act of round?.acts.values() ?? []) {
      if (act.seen !== 'HIGH_FIVE' || act.target === null) continue;
      landed++;
      const back = round!.acts.get(act.target);
      if (back?.seen === 'HIGH_FIVE' && back.target === act.unit) matched++;
    }
  }
  return rate(matched, landed);
}

/**
 * Betrayal rate: P(attack | was just high-fived). An opportunity is a landed
 * HIGH_FIVE from x at y in round t - 1, with both still acting in round t; it
 * is betrayed when y ATTACKs x in round t (a resolved attack: a missed high
 * five is no betrayal, and an attack noise dropped is not seen). Each
 * opportunity belongs to the window of its response round t, so round 1 has
 * none. NaN without an opportunity.
 */
export function betrayalRate(h: TrustHistory, w: Window): number {
  let chances = 0;
  let betrayals = 0;
  for (let t = Math.max(2, w.from); t <= w.to; t++) {
    const before = roundOf(h, t - 1);
    const now = roundOf(h, t);
    if (!before || !now) continue;
    for (const act of before.acts.values()) {
      if (act.seen !== 'HIGH_FIVE' || act.target === null) continue;
      if (!now.acts.has(act.unit) || !now.acts.has(act.target)) continue;
      chances++;
      if (attacked(now, act.target, act.unit)) betrayals++;
    }
  }
  return rate(betrayals, chances);
}

/** BEG rate: acts whose unit chose BEG / all acts. NaN with no act. */
export function begRate(h: TrustHistory, w: Window): number {
  return choiceRate(h, w, 'BEG');
}
