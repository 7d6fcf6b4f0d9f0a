import { describe, expect, test } from 'bun:test';
import { formatTokens, percentOf, toCents, toTokens } from './cents.ts';

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
