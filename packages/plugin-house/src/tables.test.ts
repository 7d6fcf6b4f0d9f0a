import { expect, test } from 'bun:test';
import { matchByRef, tableOf } from './tables.ts';

test('a table is the platform channel, else the GUI room, else the default table', () => {
  expect(tableOf({ origin: { source: 'discord', channelId: '77' }, room: { channelId: 'c', serverId: 's' } })).toBe('discord:77');
  expect(tableOf({ room: { channelId: 'c1', serverId: 's' } })).toBe('gui:c1');
  expect(tableOf({})).toBe('default');
});

test('--match takes a whole id, its start, or the start of its random suffix; an ambiguous one names the candidates', () => {
  const ids = ['trust-7-ab12cd34', 'trust-7-ab99ffee', 'cafe-3-00aa11bb'];
  expect(matchByRef(ids, 'cafe')).toEqual({ ok: true, id: 'cafe-3-00aa11bb' });
  expect(matchByRef(ids, 'ab12')).toEqual({ ok: true, id: 'trust-7-ab12cd34' });
  expect(matchByRef(ids, 'trust-7-ab99ffee')).toEqual({ ok: true, id: 'trust-7-ab99ffee' });
  expect(matchByRef(ids, 'trust-7')).toEqual({ ok: false, error: "'trust-7' fits 2 matches (trust-7-ab12cd34, trust-7-ab99ffee); give more of the id." });
  expect(matchByRef(ids, 'chess')).toEqual({ ok: false, error: "No match 'chess'." });
  expect(matchByRef(ids, '__proto__')).toEqual({ ok: false, error: "No match '__proto__'." });
});
