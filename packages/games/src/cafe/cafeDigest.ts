import type { RoundDigest } from '../engine/types.ts';
import type { CafeView } from './cafeTypes.ts';

/**
 * The round just played as this player saw it: the verdict and where it
 * stands (level, tokens; the loans it is part of are in every view); a block
 * of rounds sums up how often it was judged best and worst.
 */
export function cafeDigest(view: CafeView): RoundDigest | null {
  const last = view.last;
  if (!last) return null;
  const me = view.you;
  const v = last.verdict;
  const tally = { 'times judged best': v.best === me ? 1 : 0, 'times judged worst': v.worst === me ? 1 : 0 };
  const line = `Round ${last.round}: best ${v.best === me ? 'you' : v.best}, worst ${v.worst === me ? 'you' : v.worst}; you: level ${view.level}, ${view.tokens} tokens${view.alive ? '' : ', eliminated'}.`;
  return { round: last.round, line, tally };
}
