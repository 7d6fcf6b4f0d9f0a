import { describe, expect, test } from 'bun:test';
import { strategicBetrayer } from './strategicBetrayer.ts';
import { seen, tableOf } from './strategyKit.ts';

describe('strategic-betrayer', () => {
  test('round 15 of 20: still the credit union, gives to a player in crisis', () => {
    const { view, ctx } = seen(tableOf({ sb: [0, 3000], b: [-3, 200] }, 15), 'sb');
    expect(strategicBetrayer.decide(view, ctx).market).toEqual([{ type: 'donate', to: 'b', amount: 800 }]);
  });

  test('round 16 of 20: stops helping and answers with full effort', () => {
    const { view, ctx } = seen(tableOf({ sb: [0, 3000], b: [-3, 200], c: [-6, 0, false] }, 16), 'sb');
    const d = strategicBetrayer.decide(view, ctx);
    expect(d.market).toEqual([]);
    expect(d.response).toMatch(/\d+%.*\d+ tokens/);
  });
});
