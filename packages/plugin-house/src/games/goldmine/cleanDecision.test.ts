import { describe, expect, test } from 'bun:test';
import { cleanDecision } from './cleanDecision.ts';

// 3x3 map: seat 0 owns 0 and 1, seat 1 owns 2, the rest is unowned.
const owner = [0, 0, 1, -1, -1, -1, -1, -1, -1];

describe('Step 0 cleaning', () => {
  test('legal actions pass in order and are charged by category', () => {
    const out = cleanDecision(
      { actions: [{ type: 'defend', plot: 0 }, { type: 'mine', plot: 0, k: 3 }, { type: 'claim', plot: 4 }, { type: 'raid', plot: 2 }] },
      owner,
      0,
      10,
    );
    expect(out.actions).toEqual([{ type: 'defend', plot: 0 }, { type: 'mine', plot: 0, k: 3 }, { type: 'claim', plot: 4 }, { type: 'raid', plot: 2 }]);
    expect(out.spent).toEqual({ claim: 1, raid: 1, defend: 1, mine: 3 });
    expect(out.dropped).toEqual([]);
    expect(out.fallback).toBeNull();
  });

  test('illegal actions are judged against the map at the round start and dropped one by one', () => {
    const out = cleanDecision(
      [
        { type: 'raid', plot: 0 },
        { type: 'raid', plot: 5 },
        { type: 'claim', plot: 2 },
        { type: 'defend', plot: 2 },
        { type: 'mine', plot: 3, k: 1 },
        { type: 'mine', plot: 1, k: 4 },
        { type: 'dig', plot: 1 },
        { type: 'claim', plot: 9 },
        { type: 'claim', plot: 1.5 },
        'nonsense',
        { type: 'mine', plot: 1, k: 2, why: 'extra keys are ignored' },
      ],
      owner,
      0,
      10,
    );
    expect(out.actions).toEqual([{ type: 'mine', plot: 1, k: 2 }]);
    expect(out.dropped.map((d) => `${d.index}: ${d.reason}`)).toEqual([
      '0: you own plot 0',
      '1: plot 5 is unowned (claim it instead)',
      '2: plot 2 is already owned',
      '3: you do not own plot 2',
      '4: you do not own plot 3',
      '5: k: k must be 0..3',
      '6: unknown action type "dig" (allowed: claim, raid, defend, mine)',
      '7: plot 9 is off the map (plots are 0..8)',
      '8: plot: plot must be a whole number',
      '9: unknown action type null (allowed: claim, raid, defend, mine)',
    ]);
  });

  test('a repeated (category, plot) keeps its first occurrence; other categories on the plot stay', () => {
    const out = cleanDecision(
      { actions: [{ type: 'mine', plot: 0, k: 1 }, { type: 'defend', plot: 0 }, { type: 'mine', plot: 0, k: 3 }, { type: 'defend', plot: 0 }] },
      owner,
      0,
      10,
    );
    expect(out.actions).toEqual([{ type: 'mine', plot: 0, k: 1 }, { type: 'defend', plot: 0 }]);
    expect(out.dropped.map((d) => d.index)).toEqual([2, 3]);
  });

  test('a list far over budget loses whole actions from the tail until the cost fits', () => {
    const claims = [3, 4, 5, 6, 7, 8].map((plot) => ({ type: 'claim', plot }));
    const out = cleanDecision({ actions: [{ type: 'mine', plot: 0, k: 3 }, { type: 'mine', plot: 1, k: 3 }, ...claims, { type: 'defend', plot: 0 }] }, owner, 0, 10);
    // 3 + 3 + 6 claims + 1 defend = 13 > 10: drop the defend, then claims 8 and 7.
    expect(out.actions.map((a) => `${a.type}:${a.plot}`)).toEqual(['mine:0', 'mine:1', 'claim:3', 'claim:4', 'claim:5', 'claim:6']);
    expect(out.spent).toEqual({ claim: 4, raid: 0, defend: 0, mine: 6 });
    expect(out.dropped).toEqual([
      { index: 6, reason: 'over the stamina budget of 10' },
      { index: 7, reason: 'over the stamina budget of 10' },
      { index: 8, reason: 'over the stamina budget of 10' },
    ]);
  });

  test('a mine action of 3 that no longer fits is dropped whole, even when a smaller k would fit', () => {
    const out = cleanDecision([{ type: 'claim', plot: 3 }, { type: 'mine', plot: 0, k: 3 }], owner, 0, 3);
    expect(out.actions).toEqual([{ type: 'claim', plot: 3 }]);
  });

  test('JSON text is parsed; garbage and non-lists fall back to the empty list with the reason', () => {
    expect(cleanDecision('{"actions":[{"type":"claim","plot":3}]}', owner, 1, 10).actions).toEqual([{ type: 'claim', plot: 3 }]);
    expect(cleanDecision('claim 3 please', owner, 1, 10).fallback).toStartWith('decision is not valid JSON');
    expect(cleanDecision({ action: 'claim' }, owner, 1, 10)).toEqual({
      actions: [],
      spent: { claim: 0, raid: 0, defend: 0, mine: 0 },
      dropped: [],
      fallback: 'decision must be {"actions": [...]} with an ordered list of claim, raid, defend and mine actions',
    });
    expect(cleanDecision(undefined, owner, 1, 10).fallback).toBe('no decision was received');
  });
});
