import { describe, expect, test } from 'bun:test';
import { gini } from './gini.ts';

describe('gini', () => {
  test('0 for equal banks, (n-1)/n when one holds everything, 0 for nothing', () => {
    expect(gini([5, 5, 5, 5])).toBe(0);
    expect(gini([0, 0, 0, 12])).toBeCloseTo(0.75);
    expect(gini([1, 2, 3, 4])).toBeCloseTo(0.25);
    expect(gini([])).toBe(0);
    expect(gini([0, 0])).toBe(0);
  });
});
