import { createRequire } from 'node:module';

type Count = (text: string) => number;
let count: Count | null = null;

/**
 * Tokens of a text with the o200k encoding (gpt-tokenizer), the same count for
 * every provider: budgets and reports compare like with like, even where a
 * provider bills with another tokenizer. The encoding (half a second to load)
 * is loaded on the first count, so a process that never counts (offline play,
 * the CLI's refusals, a host with no model) never pays for it.
 */
export function countTokens(text: string): number {
  if (!text) return 0;
  count ??= (createRequire(import.meta.url)('gpt-tokenizer') as { countTokens: Count }).countTokens;
  return count(text);
}
