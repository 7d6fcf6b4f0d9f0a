import { describe, expect, test } from 'bun:test';
import { hoarder } from './hoarder.ts';
import { decideAs, seen, tableOf } from './strategyKit.ts';

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
});
