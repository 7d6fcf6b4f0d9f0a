import { describe, expect, test } from 'bun:test';
import { creditUnion } from './creditUnion.ts';
import { seen, tableOf } from './strategyKit.ts';

describe('credit-union', () => {
  test('nobody in crisis: no market moves, a solid answer', () => {
    const { view, ctx } = seen(tableOf({ cu: [0, 1000], b: [-2, 500] }), 'cu');
    const d = creditUnion.decide(view, ctx);
    expect(d.market).toEqual([]);
    expect(d.response.length).toBeGreaterThan(40);
  });

  test('a player at -3 short of a rescue gets what it lacks, above a 300-token reserve', () => {
    const { view, ctx } = seen(tableOf({ cu: [1, 2000], b: [-3, 400], c: [-4, 100] }), 'cu');
    expect(creditUnion.decide(view, ctx).market).toEqual([
      { type: 'donate', to: 'c', amount: 900 },
      { type: 'donate', to: 'b', amount: 600 },
    ]);
  });

  test('with little to spare it gives what is above the reserve, to the most desperate first', () => {
    const { view, ctx } = seen(tableOf({ cu: [0, 700], b: [-3, 0], c: [-5, 0] }), 'cu');
    expect(creditUnion.decide(view, ctx).market).toEqual([{ type: 'donate', to: 'c', amount: 400 }]);
  });

  test('rich enough: resurrects the fallen; at -4 it rescues itself first', () => {
    const { view, ctx } = seen(tableOf({ cu: [-4, 3400], b: [-6, 50, false] }), 'cu');
    expect(creditUnion.decide(view, ctx).market).toEqual([{ type: 'rescue' }, { type: 'resurrect', target: 'b' }]);
  });
});
