import type { PlayerId, Window } from '../../engine/types.ts';
import { rate } from '../../stats/rate.ts';
import { roundOf, type InfluenceHistory, type InfluenceRound } from './influenceHistory.ts';

/** A pair's key, the same whichever of the two comes first. */
function pairKey(a: PlayerId, b: PlayerId): string {
  return JSON.stringify(a < b ? [a, b] : [b, a]);
}

/** The pairs in contact in a round: one of the two sent a DM to a channel the other is in. */
export function contactPairs(round: InfluenceRound): Map<string, [PlayerId, PlayerId]> {
  const pairs = new Map<string, [PlayerId, PlayerId]>();
  for (const dm of round.dms) for (const to of dm.to) pairs.set(pairKey(dm.from, to), [dm.from, to]);
  return pairs;
}

/**
 * Alliance persistence: of the pairs in contact in round t (one DMed a channel
 * the other is in) whose two players are both alive at the start of round
 * t + 1, the share in contact again in round t + 1; over every consecutive
 * pair of rounds (t, t + 1) inside the window. An elimination does not count
 * against it. NaN when there is no such pair (a one-round window, or no DMs).
 */
export function alliancePersistence(h: InfluenceHistory, w: Window): number {
  let kept = 0;
  let could = 0;
  for (let t = w.from; t < w.to; t++) {
    const now = roundOf(h, t);
    const next = roundOf(h, t + 1);
    if (!now || !next) continue;
    const alive = new Set(next.alive);
    const after = contactPairs(next);
    for (const [key, [a, b]] of contactPairs(now)) {
      if (!alive.has(a) || !alive.has(b)) continue;
      could++;
      if (after.has(key)) kept++;
    }
  }
  return rate(kept, could);
}
