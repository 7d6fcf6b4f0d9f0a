import { expect, test } from 'bun:test';
import { niceTicks } from './lineChartSvg.ts';

test('niceTicks: round steps that cover the values, from below the least to above the most', () => {
  expect(niceTicks(0, 88)).toEqual([0, 50, 100]);
  expect(niceTicks(-4, 3)).toEqual([-4, -2, 0, 2, 4]);
  expect(niceTicks(0, 13687.21)).toEqual([0, 5000, 10000, 15000]);
  expect(niceTicks(0, 3)).toEqual([0, 1, 2, 3]);
  expect(niceTicks(5, 5)).toEqual([5]);
});
