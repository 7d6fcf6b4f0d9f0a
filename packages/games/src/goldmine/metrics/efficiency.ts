import { ratio, roundCounts, total, type MatchHistory, type Window } from './roundCounts.ts';

/** Efficiency: total gold / (rounds x plots x cap x alpha), the share of the theoretical per-round maximum (300 by default). */
export function efficiency(h: MatchHistory, w: Window): number {
  return ratio(
    total(h, w, (c) => c.output),
    (w.to - w.from + 1) * h.plots * h.cap * h.alpha,
  );
}

/** Idle stamina rate: stamina left unspent (after cleaning and pruning) / stamina available (players x S per round). */
export function idleStamina(h: MatchHistory, w: Window): number {
  return ratio(
    total(h, w, (c) => c.idle),
    (w.to - w.from + 1) * h.players * h.stamina,
  );
}

export type StaminaCategory = 'claim' | 'raid' | 'defend' | 'mine';
export const STAMINA_CATEGORIES: readonly StaminaCategory[] = ['claim', 'raid', 'defend', 'mine'];

/** Stamina share of one category: its stamina / all stamina spent in the window (0 when none was spent). */
export function staminaShare(h: MatchHistory, w: Window, category: StaminaCategory): number {
  const spent = total(h, w, (c) => c.spent.claim + c.spent.raid + c.spent.defend + c.spent.mine);
  return ratio(
    total(h, w, (c) => c.spent[category]),
    spent,
  );
}

/**
 * Convergence of stamina shares: the mean L1 distance between the category
 * shares (claim, raid, defend, mine) of consecutive rounds, both inside the
 * window and both with stamina spent. Falls toward 0 as allocations settle;
 * NaN when the window has no such pair.
 */
export function staminaShareDrift(h: MatchHistory, w: Window): number {
  const counts = roundCounts(h);
  const shares = (t: number): number[] | null => {
    const s = counts[t - 1]!.spent;
    const used = s.claim + s.raid + s.defend + s.mine;
    return used > 0 ? [s.claim / used, s.raid / used, s.defend / used, s.mine / used] : null;
  };
  let sum = 0;
  let pairs = 0;
  for (let t = w.from + 1; t <= w.to; t++) {
    const a = shares(t - 1);
    const b = shares(t);
    if (!a || !b) continue;
    sum += Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!) + Math.abs(a[3]! - b[3]!);
    pairs++;
  }
  return pairs ? sum / pairs : Number.NaN;
}
