/**
 * A share or a rate: `num / den`, NaN when there was nothing to divide by (no
 * opportunity in the window), so a sweep's mean skips the run instead of
 * counting a made-up 0.
 */
export function rate(num: number, den: number): number {
  return den > 0 ? num / den : Number.NaN;
}
