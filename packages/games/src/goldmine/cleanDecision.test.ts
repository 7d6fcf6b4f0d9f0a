import { describe, expect, test } from 'bun:test';
import { Rng } from '../engine/rng.ts';
import { cleanDecision, parseAction } from './cleanDecision.ts';
import { goldmineActionSchema } from './goldmineDecision.ts';

// 3x3 map: seat 0 owns 0 and 1, seat 1 owns 2, the rest is unowned.
const owner = [0, 0, 1, -1, -1, -1, -1, -1, -1];

describe('Step 0 cleaning', () => {
  test('legal actions pass in order and are charged by category', () => {
    const out = cleanDecision(
      { actions: [{ type: 'defend', plot: 0 }, { type: 'mine', plot: 0, k: 3 }, { type: 'claim', plot: 4 }, { type: 'raid', plot: 2 }] },
      owner,
      0,
      10,
      3,
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
      3,
    );
    expect(out.actions).toEqual([{ type: 'mine', plot: 1, k: 2 }]);
    expect(out.dropped.map((d) => d.kind)).toEqual(['illegal', 'illegal', 'illegal', 'illegal', 'illegal', 'malformed', 'malformed', 'malformed', 'malformed', 'malformed']);
    expect(out.dropped.map((d) => `${d.index}: ${d.reason}`)).toEqual([
      '0: you own plot 0',
      '1: plot 5 is unowned (claim it instead)',
      '2: plot 2 is already owned',
      '3: you do not own plot 2',
      '4: you do not own plot 3',
      '5: k must be 0..3 (the mining cap)',
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
      3,
    );
    expect(out.actions).toEqual([{ type: 'mine', plot: 0, k: 1 }, { type: 'defend', plot: 0 }]);
    expect(out.dropped.map((d) => `${d.index}:${d.kind}`)).toEqual(['2:repeat', '3:repeat']);
  });

  test('legality comes before condensing: an illegal or malformed first occurrence does not hide a later legal one', () => {
    const out = cleanDecision([{ type: 'mine', plot: 0, k: 5 }, { type: 'claim', plot: 9 }, { type: 'mine', plot: 0, k: 2 }, { type: 'claim', plot: 3 }], owner, 0, 10, 3);
    expect(out.actions).toEqual([{ type: 'mine', plot: 0, k: 2 }, { type: 'claim', plot: 3 }]);
  });

  test('repeats are removed before pruning, so they cost nothing and push no later action out', () => {
    const out = cleanDecision([{ type: 'mine', plot: 0, k: 3 }, { type: 'mine', plot: 0, k: 3 }, { type: 'mine', plot: 0, k: 3 }, { type: 'claim', plot: 3 }], owner, 0, 4, 3);
    expect(out.actions).toEqual([{ type: 'mine', plot: 0, k: 3 }, { type: 'claim', plot: 3 }]);
    expect(out.dropped.map((d) => d.kind)).toEqual(['repeat', 'repeat']);
  });

  test('a list far over budget loses whole actions from the tail until the cost fits', () => {
    const claims = [3, 4, 5, 6, 7, 8].map((plot) => ({ type: 'claim', plot }));
    const out = cleanDecision({ actions: [{ type: 'mine', plot: 0, k: 3 }, { type: 'mine', plot: 1, k: 3 }, ...claims, { type: 'defend', plot: 0 }] }, owner, 0, 10, 3);
    // 3 + 3 + 6 claims + 1 defend = 13 > 10: drop the defend, then claims 8 and 7.
    expect(out.actions.map((a) => `${a.type}:${a.plot}`)).toEqual(['mine:0', 'mine:1', 'claim:3', 'claim:4', 'claim:5', 'claim:6']);
    expect(out.spent).toEqual({ claim: 4, raid: 0, defend: 0, mine: 6 });
    expect(out.dropped).toEqual([
      { index: 6, kind: 'budget', reason: 'over the stamina budget of 10' },
      { index: 7, kind: 'budget', reason: 'over the stamina budget of 10' },
      { index: 8, kind: 'budget', reason: 'over the stamina budget of 10' },
    ]);
  });

  test('defenses alone over the budget are pruned from the tail like any other action', () => {
    const mineAll = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((plot) => ({ type: 'defend', plot }));
    const out = cleanDecision(mineAll, [0, 0, 0, 0, 0, 0, 0, 0, 0], 0, 4, 3);
    expect(out.actions.map((a) => a.plot)).toEqual([0, 1, 2, 3]);
    expect(out.spent).toEqual({ claim: 0, raid: 0, defend: 4, mine: 0 });
    expect(out.dropped.map((d) => d.index)).toEqual([4, 5, 6, 7, 8]);
  });

  test('pruning drops whole actions until the cost fits, a free mine k = 0 at the tail included', () => {
    const out = cleanDecision([{ type: 'mine', plot: 0, k: 3 }, { type: 'claim', plot: 3 }, { type: 'mine', plot: 1, k: 0 }], owner, 0, 3, 3);
    expect(out.actions).toEqual([{ type: 'mine', plot: 0, k: 3 }]);
    expect(out.dropped.map((d) => `${d.index}:${d.kind}`)).toEqual(['1:budget', '2:budget']);
  });

  test('exactly S is within the budget: nothing is pruned', () => {
    const out = cleanDecision([{ type: 'mine', plot: 0, k: 3 }, { type: 'mine', plot: 1, k: 3 }, { type: 'claim', plot: 3 }], owner, 0, 7, 3);
    expect([out.actions.length, out.dropped]).toEqual([3, []]);
  });

  test('a mine action of 3 that no longer fits is dropped whole, even when a smaller k would fit', () => {
    const out = cleanDecision([{ type: 'claim', plot: 3 }, { type: 'mine', plot: 0, k: 3 }], owner, 0, 3, 3);
    expect(out.actions).toEqual([{ type: 'claim', plot: 3 }]);
  });

  test('JSON text is parsed; garbage and non-lists fall back to the empty list with the reason', () => {
    expect(cleanDecision('{"actions":[{"type":"claim","plot":3}]}', owner, 1, 10, 3).actions).toEqual([{ type: 'claim', plot: 3 }]);
    expect(cleanDecision('claim 3 please', owner, 1, 10, 3).fallback).toStartWith('decision is not valid JSON');
    expect(cleanDecision({ action: 'claim' }, owner, 1, 10, 3)).toEqual({
      actions: [],
      spent: { claim: 0, raid: 0, defend: 0, mine: 0 },
      dropped: [],
      fallback: 'decision must be {"actions": [...]} with an ordered list of claim, raid, defend and mine actions (or {"defend": [...], "mine": [...], "claim": [...], "raid": [...]})',
      talk: null,
      talkProblem: null,
    });
    expect(cleanDecision(undefined, owner, 1, 10, 3).fallback).toBe('no decision was received');
  });
});

test('the fast path of parseAction agrees with the zod schema on every kind of input (at the largest cap, 10)', () => {
  const rng = Rng.fromSeed(5);
  const values = [undefined, null, -1, 0, 1, 2, 3, 4, 8, 9, 1.5, Number.NaN, '1', 'claim', 'mine', 'raid', 'defend', 'Mine', [], {}];
  for (let i = 0; i < 5000; i++) {
    const raw: Record<string, unknown> = {};
    for (const key of ['type', 'plot', 'k', 'extra']) if (rng.chance(0.8)) raw[key] = rng.pick(values);
    const fast = parseAction(raw, 9, 10);
    const zod = goldmineActionSchema.safeParse(raw);
    if (zod.success && zod.data.plot < 9) expect(fast).toEqual(zod.data);
    else expect(typeof fast).toBe('string');
  }
});

describe('RULES G-a, G-c and talk', () => {
  test('mine k goes up to the config\'s cap, not 3: cap 4 takes k = 4, cap 2 refuses k = 3', () => {
    expect(cleanDecision([{ type: 'mine', plot: 0, k: 4 }], owner, 0, 10, 4).actions).toEqual([{ type: 'mine', plot: 0, k: 4 }]);
    expect(cleanDecision([{ type: 'mine', plot: 0, k: 3 }], owner, 0, 10, 2).dropped).toEqual([{ index: 0, kind: 'malformed', reason: 'k must be 0..2 (the mining cap)' }]);
  });

  test('the ODD\'s category form is one list in the order defend, mine, claim, raid, so pruning drops raids first', () => {
    const out = cleanDecision({ raid: [2], claim: [3, 4], mine: [{ plot: 0, k: 3 }, { plot: 1, k: 3 }], defend: [0, 1] }, owner, 0, 10, 3);
    expect(out.actions).toEqual([
      { type: 'defend', plot: 0 },
      { type: 'defend', plot: 1 },
      { type: 'mine', plot: 0, k: 3 },
      { type: 'mine', plot: 1, k: 3 },
      { type: 'claim', plot: 3 },
      { type: 'claim', plot: 4 },
    ]);
    expect(out.dropped).toEqual([{ index: 6, kind: 'budget', reason: 'over the stamina budget of 10' }]);
    expect(cleanDecision({ defend: 0 }, owner, 0, 10, 3).fallback).toBe('"defend" must be a list ([plot, ...])');
  });

  test('a talk line is kept when talk is on, cut at 200 characters with a note, refused with a note when off', () => {
    expect(cleanDecision({ actions: [], talk: '  hello  ' }, owner, 0, 10, 3, true)).toMatchObject({ talk: 'hello', talkProblem: null });
    expect(cleanDecision({ talk: 'only words' }, owner, 0, 10, 3, true)).toMatchObject({ actions: [], fallback: null, talk: 'only words' });
    const long = cleanDecision({ actions: [], talk: 'x'.repeat(250) }, owner, 0, 10, 3, true);
    expect([long.talk?.length, long.talkProblem]).toEqual([200, 'your line had 250 characters; only the first 200 were posted']);
    expect(cleanDecision({ actions: [], talk: 'hi' }, owner, 0, 10, 3, false)).toMatchObject({ talk: null, talkProblem: 'talk is off in this match, so your line was not posted' });
  });
});
