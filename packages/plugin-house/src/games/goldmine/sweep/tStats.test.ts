import { expect, test } from 'bun:test';
import { meanCi95, pairedTTest } from './tStats.ts';

test('95% CI of the mean uses t with n - 1 degrees of freedom', () => {
  // mean 3, sd sqrt(2.5), t(0.975, 4) = 2.7764
  const ci = meanCi95([1, 2, 3, 4, 5]);
  expect(ci.n).toBe(5);
  expect(ci.mean).toBe(3);
  expect(ci.high - ci.mean).toBeCloseTo((2.776445 * Math.sqrt(2.5)) / Math.sqrt(5), 4);
  expect(meanCi95([1, Number.NaN, 3]).n).toBe(2);
});

test('paired t-test of second half against first half', () => {
  // differences 1, 2, 3: mean 2, sd 1, t = 2 / (1 / sqrt 3) = 3.4641, df 2, p = 0.0742
  const r = pairedTTest([10, 10, 10], [11, 12, 13]);
  expect(r.meanDiff).toBe(2);
  expect(r.t).toBeCloseTo(3.4641, 4);
  expect(r.df).toBe(2);
  expect(r.p).toBeCloseTo(0.0742, 3);
  expect(pairedTTest([1, 1], [1, 1])).toEqual({ n: 2, meanDiff: 0, t: 0, df: 1, p: 1 });
});
