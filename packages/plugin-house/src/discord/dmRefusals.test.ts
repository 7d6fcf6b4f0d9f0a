import { expect, test } from 'bun:test';
import { DmRefusals } from './dmRefusals.ts';

test("a DM that refused a bot is known by its channel and its person, for that bot only, until the person writes in a DM", () => {
  const refusals = new DmRefusals();
  refusals.refused('house', '700', 'dm-1');
  expect(refusals.refuses('house', '700')).toBe(true);
  expect(refusals.channel('house', 'dm-1')).toEqual({ userId: '700' });
  expect(refusals.refuses('ada', '700')).toBe(false);
  refusals.opened('house', '700');
  expect(refusals.refuses('house', '700')).toBe(false);
  expect(refusals.channel('house', 'dm-1')).toBeNull();
  refusals.refused('house', null, 'dm-2');
  expect(refusals.channel('house', 'dm-2')).toEqual({ userId: null });
});
