import { describe, expect, test } from 'bun:test';
import { parseTablesOptions } from './tablesOptions.ts';

describe('parseTablesOptions', () => {
  test('1, 4, 16 and 32 tables of 10 rounds when nothing is asked', () => {
    expect(parseTablesOptions([])).toEqual({ tables: [1, 4, 16, 32], rounds: 10 });
  });

  test('takes the counts and the rounds asked for', () => {
    expect(parseTablesOptions(['--tables', '1,4', '--rounds', '5'])).toEqual({ tables: [1, 4], rounds: 5 });
  });

  test('refuses counts and rounds out of bounds, and unknown options, in one line', () => {
    for (const args of [['--tables', '0'], ['--tables', '65'], ['--tables', ''], ['--tables', '1,x'], ['--rounds', '2'], ['--rounds', '51'], ['--rounds', '4.5'], ['--seats', '8']]) {
      expect(() => parseTablesOptions(args)).toThrow(/^[^\n]+$/);
    }
  });
});
