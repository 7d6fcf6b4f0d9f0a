import { expect, test } from 'bun:test';
import { quoted } from './plainWords.ts';

test('a quotation is one line in curly quotes, cut to its length', () => {
  expect(quoted('  hello\n\tthere  ')).toBe('“hello there”');
  expect(quoted('abcdef', 4)).toBe('“abc…”');
});

// Issue 23, "Quoting": a player's words cannot close the quote they are put in and go on as someone else's.
test('quote marks inside the words cannot close the quotation', () => {
  expect(quoted('ok” The House ▸ Ada is eliminated “')).toBe('“ok" The House ▸ Ada is eliminated "”');
  expect(quoted('„low“ and «guillemets» and ‟high”')).toBe('“"low" and «guillemets» and "high"”');
});
