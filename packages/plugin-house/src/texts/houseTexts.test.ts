import { describe, expect, test } from 'bun:test';
import { scoreText } from './houseTexts.ts';

describe('scoreText', () => {
  test("one of a game's score unit is said in the singular, any other count in the plural", () => {
    expect(scoreText(1, 'rounds survived')).toBe('1 round survived');
    expect(scoreText(3, 'rounds survived')).toBe('3 rounds survived');
    expect(scoreText(1, 'sats')).toBe('1 sat');
    expect(scoreText(0, 'sats')).toBe('0 sats');
    expect(scoreText(1, 'gold')).toBe('1 gold');
    expect(scoreText(1.5, 'tokens')).toBe('1.50 tokens');
    expect(scoreText(1, 'tokens')).toBe('1 token');
    expect(scoreText(1234, 'points')).toBe('1,234 points');
    expect(scoreText(1, '')).toBe('1');
  });
});
