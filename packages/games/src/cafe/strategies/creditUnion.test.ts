import { describe, expect, test } from 'bun:test';
import { creditUnion } from './creditUnion.ts';
import type { CafeMove } from '../cafeDecision.ts';
import type { CafeView } from '../cafeTypes.ts';
import { QUIET, seen, tableOf, transcript } from './strategyKit.ts';

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

  test('transcript: tops up a player in crisis to a rescue, round after round, until only its reserve is left', () => {
    // b rescues itself whenever it is at -3 or worse; the judge names b worst every round.
    const rescueInCrisis = (v: CafeView): CafeMove[] => (v.level <= -3 ? [{ type: 'rescue' }] : []);
    const table = tableOf({ cu: [0, 4000], b: [-2, 200], c: [1, 1000] }, 1, QUIET);
    expect(transcript(table, { cu: creditUnion, b: rescueInCrisis }, 'cu', Array(10).fill('c>b'))).toEqual([
      'r1 L0 4,000: -',
      'r2 L0 4,000: donate b 800',
      'r3 L0 3,200: -',
      'r4 L0 3,200: donate b 1000',
      'r5 L0 2,200: -',
      'r6 L0 2,200: donate b 1000',
      'r7 L0 1,200: -',
      'r8 L0 1,200: donate b 900',
      'r9 L0 300: -',
      'r10 L0 300: -',
    ]);
  });
});
