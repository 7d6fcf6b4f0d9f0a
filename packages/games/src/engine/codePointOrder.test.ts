import { expect, test } from 'bun:test';
import { compareCodePoints } from './codePointOrder.ts';

test('ids sort by code point: case, digits, prefixes, and characters past U+FFFF after U+FFxx', () => {
  expect(['b', 'B', 'a10', 'a2', 'a', '\uff5e', '\u{1f600}'].sort(compareCodePoints)).toEqual(['B', 'a', 'a10', 'a2', 'b', '\uff5e', '\u{1f600}']);
  expect(['\u{1f600}', '\uff5e'].sort()).toEqual(['\u{1f600}', '\uff5e']);
  expect(compareCodePoints('same', 'same')).toBe(0);
});
