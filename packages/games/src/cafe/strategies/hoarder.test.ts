import { describe, expect, test } from 'bun:test';
import { hoarder } from './hoarder.ts';
import { decideAs, QUIET, seen, tableOf, transcript } from './strategyKit.ts';

describe('hoarder', () => {
  test('never helps, even a player about to be eliminated', () => {
    const { view, ctx } = seen(tableOf({ h: [0, 9000], b: [-5, 0], c: [-6, 10, false] }), 'h');
    expect(hoarder.decide(view, ctx).market).toEqual([]);
  });

  test('rescues itself only at the last level before elimination', () => {
    expect(decideAs(hoarder, tableOf({ h: [-4, 9000], b: [0, 0] }), 'h').market).toEqual([]);
    const { view, ctx } = seen(tableOf({ h: [-5, 9000], b: [0, 0] }), 'h');
    expect(hoarder.decide(view, ctx).market).toEqual([{ type: 'rescue' }]);
  });

  test('transcript: watches b sit at -5, rescues itself only at -5, and cannot afford it a second time', () => {
    const table = tableOf({ h: [-3, 1200], b: [-5, 0], c: [0, 0] }, 1, QUIET);
    expect(transcript(table, { h: hoarder }, 'h', ['c>h', 'c>h', 'c>b', 'c>h', 'c>h', 'c>h'])).toEqual([
      'r1 L-3 1,200: -',
      'r2 L-4 1,200: -',
      'r3 L-5 1,200: rescue',
      'r4 L-3 200: -',
      'r5 L-4 200: -',
      'r6 L-5 200: - [eliminated]',
    ]);
  });
});
