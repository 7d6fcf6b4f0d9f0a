import { describe, expect, test } from 'bun:test';
import { meanCi95, pairedTTest, tQuantile } from './tStats.ts';

// Two-sided p of Student's t in closed form for 1, 2 and 4 degrees of freedom,
// an independent check on jstat's incomplete-beta route.
const closedFormP: Record<number, (t: number) => number> = {
  1: (t) => 1 - (2 / Math.PI) * Math.atan(Math.abs(t)),
  2: (t) => 1 - Math.abs(t) / Math.sqrt(2 + t * t),
  4: (t) => {
    const x = Math.abs(t) / Math.sqrt(1 + (t * t) / 4);
    return 1 - (3 / 4) * x * (1 - (t * t) / (1 + (t * t) / 4) / 12);
  },
};

describe('Student t quantiles', () => {
  test('t(0.975, df) matches the printed table', () => {
    const table: Array<[number, number]> = [
      [1, 12.7062],
      [2, 4.3027],
      [3, 3.1824],
      [4, 2.7764],
      [5, 2.5706],
      [10, 2.2281],
      [19, 2.093],
      [30, 2.0423],
      [100, 1.984],
    ];
    for (const [df, t] of table) expect(tQuantile(0.975, df)).toBeCloseTo(t, 3);
    expect(tQuantile(0.975, 19)).toBeCloseTo(2.0930240544, 6);
  });
});

describe('95% confidence interval of the mean', () => {
  test('mean +- t(0.975, n - 1) s / sqrt(n)', () => {
    // mean 3, s = sqrt(2.5), t(0.975, 4) = 2.7764451
    const ci = meanCi95([1, 2, 3, 4, 5]);
    expect([ci.n, ci.mean, ci.infinite]).toEqual([5, 3, 0]);
    expect(ci.high - ci.mean).toBeCloseTo((2.7764451 * Math.sqrt(2.5)) / Math.sqrt(5), 6);
    expect(ci.mean - ci.low).toBeCloseTo(ci.high - ci.mean, 12);
  });

  test('20 seeds, as the ODD asks: 19 degrees of freedom', () => {
    // 0.10 .. 0.29 in steps of 0.01: mean 0.195, s = sqrt(35) / 100 (the s of 1..20 is sqrt(35)).
    const xs = Array.from({ length: 20 }, (_, i) => (10 + i) / 100);
    const ci = meanCi95(xs);
    expect(ci.mean).toBeCloseTo(0.195, 12);
    expect(ci.high - ci.mean).toBeCloseTo((2.0930240544 * (Math.sqrt(35) / 100)) / Math.sqrt(20), 8);
  });

  test('non-finite runs are left out; infinite ones are counted', () => {
    expect(meanCi95([1, Number.NaN, 3])).toMatchObject({ n: 2, mean: 2, infinite: 0 });
    expect(meanCi95([Infinity, 4, Infinity])).toMatchObject({ n: 1, mean: 4, infinite: 2 });
    expect(meanCi95([Infinity])).toMatchObject({ n: 0, infinite: 1 });
  });
});

describe('paired t-test of second half against first half', () => {
  test('differences 1, 2, 3: mean 2, s 1, t = 2 sqrt 3, df 2', () => {
    const r = pairedTTest([10, 10, 10], [11, 12, 13]);
    expect([r.n, r.meanDiff, r.df]).toEqual([3, 2, 2]);
    expect(r.t).toBeCloseTo(2 * Math.sqrt(3), 10);
    expect(r.p).toBeCloseTo(closedFormP[2]!(r.t), 10);
    expect(r.p).toBeCloseTo(0.0742, 4);
  });

  test('a hand-worked example with 5 runs: falling turnover', () => {
    // d = -0.10, -0.03, -0.10, 0.01, -0.10; mean -0.064; sum of squared deviations 0.01052;
    // s = sqrt(0.01052 / 4) = 0.0512835; t = -0.064 / (s / sqrt 5) = -2.790533; df 4; p = 0.049285.
    const r = pairedTTest([0.3, 0.25, 0.4, 0.35, 0.2], [0.2, 0.22, 0.3, 0.36, 0.1]);
    expect(r.meanDiff).toBeCloseTo(-0.064, 12);
    expect(r.t).toBeCloseTo(-2.790533, 5);
    expect(r.df).toBe(4);
    expect(r.p).toBeCloseTo(closedFormP[4]!(r.t), 10);
    expect(r.p).toBeCloseTo(0.049285, 5);
  });

  test('p at the critical value is 0.05, and p agrees with the closed form at df 1', () => {
    const crit = tQuantile(0.975, 19);
    // 20 differences with mean m and s chosen so that t = crit exactly.
    const d = Array.from({ length: 20 }, (_, i) => (i % 2 ? 1 : -1));
    const s = Math.sqrt(20 / 19);
    const m = (crit * s) / Math.sqrt(20);
    const r = pairedTTest(new Array(20).fill(0), d.map((x) => x + m));
    expect(r.t).toBeCloseTo(crit, 9);
    expect(r.p).toBeCloseTo(0.05, 7);
    const two = pairedTTest([0, 0], [1, 3]);
    expect(two.t).toBeCloseTo(2, 12);
    expect(two.p).toBeCloseTo(closedFormP[1]!(2), 10);
  });

  test('degenerate cases: no spread, too few pairs, non-finite pairs', () => {
    expect(pairedTTest([1, 1], [1, 1])).toEqual({ n: 2, meanDiff: 0, t: 0, df: 1, p: 1 });
    expect(pairedTTest([1, 2], [2, 3])).toEqual({ n: 2, meanDiff: 1, t: Infinity, df: 1, p: 0 });
    expect(pairedTTest([1], [2])).toMatchObject({ n: 1, p: Number.NaN });
    expect(pairedTTest([1, Infinity, 2, 3], [2, 5, 4, 3]).n).toBe(3);
  });
});
