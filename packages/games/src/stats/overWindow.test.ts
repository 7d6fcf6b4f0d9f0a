import { describe, expect, test } from 'bun:test';
import { eachRound, meanOver, sumOver } from './overWindow.ts';
import { rate } from './rate.ts';

describe('window sums and rates', () => {
  test('sums and means run over the window\'s rounds, both ends included', () => {
    expect(sumOver({ from: 2, to: 4 }, (t) => t)).toBe(9);
    expect(meanOver({ from: 2, to: 4 }, (t) => t)).toBe(3);
    expect(meanOver({ from: 3, to: 2 }, (t) => t)).toBeNaN();
    expect(eachRound(3, (w) => w.from * 10 + w.to)).toEqual([11, 22, 33]);
  });

  test('a rate with nothing to divide by is NaN, not 0', () => {
    expect(rate(1, 4)).toBe(0.25);
    expect(rate(0, 0)).toBeNaN();
  });
});
