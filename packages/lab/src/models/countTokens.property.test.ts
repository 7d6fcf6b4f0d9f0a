import { createRequire } from 'node:module';
import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { countTokens } from './countTokens.ts';

const whole = (createRequire(import.meta.url)('gpt-tokenizer') as { countTokens: (text: string) => number }).countTokens;

/** What a count gives: a number, or the refusal's words (a special token in the text). */
function outcome(count: (text: string) => number, text: string): number | string {
  try {
    return count(text);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Texts made of what prompts hold and what could join pieces across a line: newlines of both kinds, spaces, letters and marks of several scripts, digits, punctuation, slashes, contractions, special-token markers. */
const bits = ['\n', '\r\n', '\n\n', ' ', '  ', '\t', 'a', 'Round', 'HIGH_FIVE', "'s", "'ll", 'é', 'e\u0301', 'Ж', '日本', '٣', '12', '3456', '.', ',', '{"a": 1}', '/', '//', '-', '<|', '|>', '<|endoftext|>', '🙂', '\u00a0'];
const texts = fc.array(fc.constantFrom(...bits), { maxLength: 60 }).map((parts) => parts.join(''));
/** Any text at all, lines of any code points. */
const anyLines = fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { maxLength: 8 }).map((lines) => lines.join('\n'));
const SEED = 3939;

describe('token counts a line at a time', () => {
  test('equal the whole text counted at once, for any text (or are refused alike)', () => {
    fc.assert(
      fc.property(fc.oneof(texts, anyLines), (text) => {
        expect(outcome(countTokens, text)).toEqual(outcome(whole, text));
      }),
      { numRuns: 4_000, seed: SEED },
    );
  });

  test('a line counted before gives the same count again, and a prompt-like text counts as a whole', () => {
    const prompt = 'You play Trust.\nRules: HIGH_FIVE, BLOCK.\n\nRound 3: Ada gave you a high five.\n1. {"action": "HIGH_FIVE"}\n';
    expect(countTokens(prompt)).toBe(whole(prompt));
    expect(countTokens(prompt)).toBe(whole(prompt));
    expect(countTokens('')).toBe(0);
  });
});
