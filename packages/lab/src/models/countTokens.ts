import { countTokens as count } from 'gpt-tokenizer';

/**
 * Tokens of a text with the o200k encoding (gpt-tokenizer), the same count for
 * every provider: budgets and reports compare like with like, even where a
 * provider bills with another tokenizer.
 */
export function countTokens(text: string): number {
  return text ? count(text) : 0;
}
