import { describe, expect, test } from 'bun:test';
import { strategicBetrayer } from './strategicBetrayer.ts';
import { QUIET, seen, tableOf, transcript } from './strategyKit.ts';

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

  test('transcript (spec Scenario 3): gives to b through round 15, then stops for good while b falls', () => {
    const table = tableOf({ sb: [0, 3000], b: [-3, 0], c: [0, 1000], d: [0, 1000] }, 14, QUIET);
    expect(transcript(table, { sb: strategicBetrayer }, 'sb', ['c>d', 'd>c', 'c>d', 'd>c', 'c>b', 'c>b', 'c>b'])).toEqual([
      'r14 L0 3,000: donate b 1000',
      'r15 L0 2,000: donate b 100',
      'r16 L0 1,900: -',
      'r17 L0 1,900: -',
      'r18 L0 1,900: -',
      'r19 L0 1,900: -',
      'r20 L0 1,900: -',
    ]);
  });
});
