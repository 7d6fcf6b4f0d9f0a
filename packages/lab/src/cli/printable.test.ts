import { expect, test } from 'bun:test';
import { printable } from './printable.ts';

test('outside text printed by the CLI stays one line and carries no terminal escape', () => {
  expect(printable('run 1 failed: bad\nnext line')).toBe('run 1 failed: bad\\nnext line');
  expect(printable('job \u001b[2J\u001b[31mred\u0007')).toBe('job \\u001b[2J\\u001b[31mred\\u0007');
  expect(printable('a\r\tb\u009bc\u202ed\u2028')).toBe('a\\r\\tb\\u009bc\\u202ed\\u2028');
  expect(printable('plain: Café, 10 runs ✓')).toBe('plain: Café, 10 runs ✓');
});
