import type { Window } from '../engine/types.ts';

/** Sum of `of(t)` over the rounds t of a window. */
export function sumOver(w: Window, of: (t: number) => number): number {
  let s = 0;
  for (let t = w.from; t <= w.to; t++) s += of(t);
  return s;
}

/** Mean of `of(t)` over the rounds of a window; NaN for an empty window. */
export function meanOver(w: Window, of: (t: number) => number): number {
  const n = w.to - w.from + 1;
  return n > 0 ? sumOver(w, of) / n : Number.NaN;
}

/** A per-round series: `of` over each single round 1..rounds. */
export function eachRound(rounds: number, of: (w: Window) => number): number[] {
  return Array.from({ length: rounds }, (_, i) => of({ from: i + 1, to: i + 1 }));
}
