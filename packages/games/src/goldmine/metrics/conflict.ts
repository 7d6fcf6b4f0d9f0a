import { ratio, total, type MatchHistory, type Window } from './roundCounts.ts';

/** Raid rate: raid actions resolved per player per round (after Step 0 cleaning and pruning). */
export function raidRate(h: MatchHistory, w: Window): number {
  return ratio(
    total(h, w, (c) => c.raids),
    h.players * (w.to - w.from + 1),
  );
}

/**
 * Defense trigger rate: share of defended plots that at least one raider
 * targeted. Higher means more targeted defense (less stamina spent guarding
 * plots nobody attacks). 0 when nothing was defended.
 */
export function defenseTriggerRate(h: MatchHistory, w: Window): number {
  return ratio(
    total(h, w, (c) => c.defendedRaided),
    total(h, w, (c) => c.defended),
  );
}

/** Raid success rate: captures / raid actions (several raiders on one plot: at most one succeeds). 0 without raids. */
export function raidSuccessRate(h: MatchHistory, w: Window): number {
  return ratio(
    total(h, w, (c) => c.captures),
    total(h, w, (c) => c.raids),
  );
}

/**
 * Raids on stable holders: raid actions per round against plots whose owner
 * had held them for at least 10 rounds (counting the acquisition round) at
 * the round's start. A fall over time is the ODD's sign of respect for first
 * possession.
 */
export function stableHolderRaids(h: MatchHistory, w: Window): number {
  return ratio(
    total(h, w, (c) => c.stableRaids),
    w.to - w.from + 1,
  );
}
