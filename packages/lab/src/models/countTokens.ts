import { createRequire } from 'node:module';

type Count = (text: string) => number;
let count: Count | null = null;

/**
 * Where a line begins with a letter or a digit: o200k's pre-tokenizer never
 * makes a piece across such a point (its pieces that hold a newline end in
 * whitespace, newlines or slashes), and no special token holds a newline, so
 * a text's count is the sum of its lines' counts cut there.
 */
const LINE_START = /\n(?=[\p{L}\p{N}])/gu;
/** Lines counted before, by text: a House prompt repeats its rules, signatures and most of its history from one call to the next. */
const counted = new Map<string, number>();
/** Lines kept at most (a few MB); past it the memory starts again. */
const COUNTED_MAX = 20_000;

function countLine(line: string): number {
  const known = counted.get(line);
  if (known !== undefined) return known;
  const n = count!(line);
  if (counted.size >= COUNTED_MAX) counted.clear();
  counted.set(line, n);
  return n;
}

/**
 * Tokens of a text with the o200k encoding (gpt-tokenizer), the same count for
 * every provider: budgets and reports compare like with like, even where a
 * provider bills with another tokenizer. The encoding (half a second to load)
 * is loaded on the first count, so a process that never counts (offline play,
 * the CLI's refusals, a host with no model) never pays for it. Counted a line
 * at a time, each line remembered (issue 39: counting every prompt whole was
 * 1.2 ms of the House's CPU per model decision); the sum is the whole text's
 * count, and a text holding a special token is refused as before.
 */
export function countTokens(text: string): number {
  if (!text) return 0;
  count ??= (createRequire(import.meta.url)('gpt-tokenizer') as { countTokens: Count }).countTokens;
  let total = 0;
  let from = 0;
  for (const match of text.matchAll(LINE_START)) {
    total += countLine(text.slice(from, match.index + 1));
    from = match.index + 1;
  }
  return total + countLine(text.slice(from));
}
