import { expect, test } from 'bun:test';
import { DISCORD_POST_LIMIT, splitMessage } from './splitMessage.ts';

test('a short post stays whole; an empty one is no post', () => {
  expect(splitMessage('Round 1: Ada 44, Bram 54')).toEqual(['Round 1: Ada 44, Bram 54']);
  expect(splitMessage('')).toEqual([]);
});

test('a long post is cut at line breaks, every piece within the limit, nothing lost', () => {
  const lines = Array.from({ length: 120 }, (_, i) => `${i + 1}. Ada HIGH_FIVE → Bram; Bram ATTACK → Ada`);
  const pieces = splitMessage(lines.join('\n'));
  expect(pieces.length).toBeGreaterThan(1);
  for (const p of pieces) expect(p.length).toBeLessThanOrEqual(DISCORD_POST_LIMIT);
  expect(pieces.join('\n')).toBe(lines.join('\n'));
});

test('a line longer than the limit is cut at a space, else hard', () => {
  const words = Array.from({ length: 800 }, () => 'sats').join(' ');
  const pieces = splitMessage(words, 100);
  for (const p of pieces) expect(p.length).toBeLessThanOrEqual(100);
  expect(pieces.join(' ')).toBe(words);
  expect(splitMessage('x'.repeat(250), 100)).toEqual(['x'.repeat(100), 'x'.repeat(100), 'x'.repeat(50)]);
});
