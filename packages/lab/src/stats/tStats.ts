import { createRequire } from 'node:module';
import { mean, sampleStandardDeviation } from 'simple-statistics';

// jstat ships no type declarations; this is the slice of its API we use.
interface StudentT {
  inv(p: number, dof: number): number;
  cdf(x: number, dof: number): number;
}
const { jStat } = createRequire(import.meta.url)('jstat') as { jStat: { studentt: StudentT } };

/**
 * Mean with a two-sided 95% confidence interval from Student's t (n - 1
 * degrees of freedom): mean +- t(0.975, n - 1) x s / sqrt(n). Non-finite
 * values are left out of n; `infinite` counts the runs left out for being
 * +-Infinity (a half-life whose median was never reached), NaN ones are
 * undefined (an empty window) and only dropped.
 */
export interface MeanCi {
  n: number;
  mean: number;
  low: number;
  high: number;
  infinite: number;
}

/** Student's t quantile: the x with P(T <= x) = p for T with `df` degrees of freedom. */
export function tQuantile(p: number, df: number): number {
  return jStat.studentt.inv(p, df);
}

export function meanCi95(values: readonly number[]): MeanCi {
  const xs = values.filter(Number.isFinite);
  const infinite = values.filter((x) => x === Infinity || x === -Infinity).length;
  if (xs.length === 0) return { n: 0, mean: Number.NaN, low: Number.NaN, high: Number.NaN, infinite };
  const m = mean(xs);
  if (xs.length === 1) return { n: 1, mean: m, low: Number.NaN, high: Number.NaN, infinite };
  const half = (tQuantile(0.975, xs.length - 1) * sampleStandardDeviation(xs)) / Math.sqrt(xs.length);
  return { n: xs.length, mean: m, low: m - half, high: m + half, infinite };
}

/** Paired t-test of `second - first` against 0: mean difference, t, degrees of freedom and the two-sided p-value. */
export interface PairedTest {
  n: number;
  meanDiff: number;
  t: number;
  df: number;
  p: number;
}

/**
 * t = mean(d) / (s_d / sqrt(n)) on the differences d = second - first, df =
 * n - 1, p = 2 P(T <= -|t|). Pairs whose two values are both finite take
 * part. With no spread in the differences, t is 0 and p is 1 when they are
 * all 0, else t is +-Infinity and p is 0; fewer than 2 pairs: no test (NaN).
 */
export function pairedTTest(first: readonly number[], second: readonly number[]): PairedTest {
  const diffs: number[] = [];
  for (let i = 0; i < Math.min(first.length, second.length); i++) {
    const d = second[i]! - first[i]!;
    if (Number.isFinite(d)) diffs.push(d);
  }
  const n = diffs.length;
  if (n < 2) return { n, meanDiff: n ? diffs[0]! : Number.NaN, t: Number.NaN, df: Math.max(0, n - 1), p: Number.NaN };
  const m = mean(diffs);
  const sd = sampleStandardDeviation(diffs);
  const df = n - 1;
  if (sd === 0) return m === 0 ? { n, meanDiff: 0, t: 0, df, p: 1 } : { n, meanDiff: m, t: m > 0 ? Infinity : -Infinity, df, p: 0 };
  const t = m / (sd / Math.sqrt(n));
  return { n, meanDiff: m, t, df, p: 2 * jStat.studentt.cdf(-Math.abs(t), df) };
}
