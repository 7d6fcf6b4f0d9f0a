import { describe, expect, test } from 'bun:test';
import { formatRate, formatTokens, percentOf, toCents, toTokens } from './cents.ts';

describe('cents', () => {
  test('5% interest rounds to the nearest cent, halves up', () => {
    expect(percentOf(100_000, 0.05)).toBe(5_000);
    expect(percentOf(1_010, 0.05)).toBe(51); // 50.5 cents
    expect(percentOf(1_009, 0.05)).toBe(50); // 50.45 cents
    expect(percentOf(110_250, 0.05)).toBe(5_513); // 5512.5 cents
  });

  test('loan rates are exact to six decimals', () => {
    expect(percentOf(100_000, 0.2)).toBe(20_000);
    expect(percentOf(100_000, 0.3)).toBe(30_000);
    expect(percentOf(333, 0.15)).toBe(50); // 49.95 cents
  });

  test('tokens and cents convert both ways', () => {
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toTokens(110_250)).toBe(1102.5);
    expect(formatTokens(110_250)).toBe('1,102.50');
    expect(formatTokens(100_000)).toBe('1,000');
  });
});

describe('cents at the edges', () => {
  test('halves up stays exact past 2^53 / 10^6 and past 2^53 itself', () => {
    // 4,503,599,627,370,495 cents x 5% = 225,179,981,368,524.75 cents
    expect(percentOf(4_503_599_627_370_495, 0.05)).toBe(225_179_981_368_525);
    // 1,234,567,890,123 x 0.3 = 370,370,367,036.9
    expect(percentOf(1_234_567_890_123, 0.3)).toBe(370_370_367_037);
    expect(percentOf(9_000_000_000, 0.05)).toBe(450_000_000);
    // (9e15 - 1) / 1e6 as a double rounds up to 9e9: a float floor would add a cent here.
    expect(percentOf(8_999_999_999_499_999, 0.000001)).toBe(8_999_999_999);
  });

  test('rates print without float noise', () => {
    expect(formatRate(0.07)).toBe('7%');
    expect(formatRate(0.3)).toBe('30%');
    expect(formatRate(0.125)).toBe('12.5%');
  });
});
