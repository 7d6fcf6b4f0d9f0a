import { expect, test } from 'bun:test';
import { jsonDepth } from './jsonDepth.ts';

test('nesting is counted outside strings only, and stops past the limit', () => {
  expect(jsonDepth('{}', 64)).toBe(1);
  expect(jsonDepth('1', 64)).toBe(0);
  expect(jsonDepth('{"a":[1,{"b":[]}]}', 64)).toBe(4);
  expect(jsonDepth('{"a":"[[[[{{{{\\"[[["}', 64)).toBe(1);
  expect(jsonDepth('["\\\\", [[]]]', 64)).toBe(3);
  expect(jsonDepth('['.repeat(100_000), 64)).toBe(65);
  expect(jsonDepth(`${'{"a":'.repeat(64)}1${'}'.repeat(64)}`, 64)).toBe(64);
});
