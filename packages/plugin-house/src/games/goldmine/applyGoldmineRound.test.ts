import { describe, expect, test } from 'bun:test';
import { Rng } from '../../engine/rng.ts';
import { applyGoldmineRound, tieBreak } from './applyGoldmineRound.ts';
import { drawMap, smallMatch } from './goldmineFixtures.ts';
import type { GoldmineState, RoundLog } from './goldmineTypes.ts';

const claim = (plot: number) => ({ type: 'claim', plot });
const raid = (plot: number) => ({ type: 'raid', plot });
const defend = (plot: number) => ({ type: 'defend', plot });
const mine = (plot: number, k: number) => ({ type: 'mine', plot, k });

function play(state: GoldmineState, decisions: Record<string, unknown>) {
  const { state: next, events } = applyGoldmineRound(state, { decisions });
  const log = events.find((e) => e.type === 'round')!.data as unknown as RoundLog;
  return { next, events, log };
}

describe('Step 1: claims', () => {
  test('a lone claimant gets the plot, with a truce and its acquisition round', () => {
    const { next, log } = play(smallMatch(), { a: { actions: [claim(0)] }, b: { actions: [claim(4)] } });
    expect(drawMap(next)).toBe('a-- -b- ---');
    expect(log.claims).toEqual([
      { plot: 0, by: [0], winner: 0 },
      { plot: 4, by: [1], winner: 1 },
    ]);
    expect(next.since[0]).toBe(1);
    expect(next.truceUntil[0]).toBe(1);
    expect(log.draws).toEqual([]);
  });

  test('contested claims go to a seeded pick among the claimants in ascending id, whatever the submission order', () => {
    const start = smallMatch('--- --- ---', {}, 42);
    const { next, log } = play(start, { c: { actions: [claim(5)] }, a: { actions: [claim(5)] }, b: { actions: [claim(5)] } });
    const expected = [0, 1, 2][Rng.derive(42, 1, 5, 'claim').int(0, 2)]!;
    expect(log.claims).toEqual([{ plot: 5, by: [0, 1, 2], winner: expected }]);
    expect(log.draws).toEqual([{ kind: 'claim', plot: 5, participants: [0, 1, 2], winner: expected }]);
    expect(next.owner[5]).toBe(expected);
    expect(tieBreak(42, 1, 5, 'claim', [0, 1, 2])).toBe(expected);
  });

  test('the tie-break stream depends on seed, round, plot and event type only', () => {
    const winners = (seed: number) => [1, 2, 3, 4, 5, 6, 7, 8].map((round) => tieBreak(seed, round, 5, 'claim', [0, 1, 2]));
    expect(winners(42)).toEqual(winners(42));
    expect(new Set(winners(42)).size).toBeGreaterThan(1);
    expect(tieBreak(42, 3, 5, 'raid', [0, 1, 2])).toBe([0, 1, 2][Rng.derive(42, 3, 5, 'raid').int(0, 2)]!);
  });

  test('plots are scanned row-major, so the log lists claims in plot order', () => {
    const { log } = play(smallMatch(), { a: { actions: [claim(8), claim(1)] }, b: { actions: [claim(3)] } });
    expect(log.claims.map((c) => c.plot)).toEqual([1, 3, 8]);
  });
});

describe('Step 2: raids', () => {
  test('an undefended plot goes to its only raider; the owner who mined it gets nothing there', () => {
    const { next, log } = play(smallMatch('aa- --- ---'), { a: { actions: [mine(0, 3), mine(1, 2)] }, b: { actions: [raid(0)] } });
    expect(drawMap(next)).toBe('ba- --- ---');
    expect(log.raids).toEqual([{ plot: 0, owner: 0, by: [1], defended: false, truce: false, blocked: [], winner: 1 }]);
    expect(log.gained).toEqual([2, 0, 0]);
    expect(next.since[0]).toBe(1);
  });

  test('defense `all`: one defended point blocks every raider, and the owner mines on', () => {
    const { next, log } = play(smallMatch('a-- --- ---'), { a: { actions: [defend(0), mine(0, 3)] }, b: { actions: [raid(0)] }, c: { actions: [raid(0)] } });
    expect(drawMap(next)).toBe('a-- --- ---');
    expect(log.raids[0]).toEqual({ plot: 0, owner: 0, by: [1, 2], defended: true, truce: false, blocked: [1, 2], winner: -1 });
    expect(log.gained).toEqual([3, 0, 0]);
    expect(log.defended).toEqual([0]);
  });

  test('defense `perRaid`: the point blocks the lowest-id raider, the other takes the plot', () => {
    const { next, log } = play(smallMatch('a-- --- ---', { defense: 'perRaid' }), { a: { actions: [defend(0)] }, c: { actions: [raid(0)] }, b: { actions: [raid(0)] } });
    expect(log.raids[0]).toEqual({ plot: 0, owner: 0, by: [1, 2], defended: true, truce: false, blocked: [1], winner: 2 });
    expect(drawMap(next)).toBe('c-- --- ---');
  });

  test('several raiders on an undefended plot: a seeded pick among them in ascending id', () => {
    const { next, log } = play(smallMatch('--- -a- ---', {}, 9), { b: { actions: [raid(4)] }, c: { actions: [raid(4)] } });
    const expected = [1, 2][Rng.derive(9, 1, 4, 'raid').int(0, 1)]!;
    expect(log.raids[0]!.winner).toBe(expected);
    expect(log.draws).toEqual([{ kind: 'raid', plot: 4, participants: [1, 2], winner: expected }]);
    expect(next.owner[4]).toBe(expected);
  });

  test('a captured plot is the captor\'s next round, with no truce', () => {
    const first = play(smallMatch('a-- --- ---'), { b: { actions: [raid(0)] } }).next;
    expect(first.truceUntil[0]).toBe(0);
    const second = play(first, { b: { actions: [mine(0, 3)] }, a: { actions: [raid(0)] } });
    expect(second.log.gained).toEqual([0, 0, 0]);
    expect(drawMap(second.next)).toBe('a-- --- ---');
  });

  test('truce 2 protects a claim through the next round; truce 1 does not', () => {
    const claimed = (truce: number) => play(smallMatch('--- --- ---', { truce }), { a: { actions: [claim(0)] } }).next;
    const raided = (truce: number) => play(claimed(truce), { b: { actions: [raid(0)] } });
    const protectedRound = raided(2);
    expect(protectedRound.log.raids[0]).toEqual({ plot: 0, owner: 0, by: [1], defended: false, truce: true, blocked: [1], winner: -1 });
    expect(drawMap(protectedRound.next)).toBe('a-- --- ---');
    expect(drawMap(raided(1).next)).toBe('b-- --- ---');
    const third = play(protectedRound.next, { b: { actions: [raid(0)] } });
    expect(drawMap(third.next)).toBe('b-- --- ---');
  });
});

describe('Step 3: mining and the round log', () => {
  test('mining pays min(k, cap) x alpha on plots kept; stamina is spent either way', () => {
    const { next, log } = play(smallMatch('ab- --- ---', { cap: 2, alpha: 1.5 }), {
      a: { actions: [mine(0, 3), defend(0)] },
      b: { actions: [mine(1, 1), claim(2)] },
    });
    expect(log.gained).toEqual([3, 1.5, 0]);
    expect(next.gold).toEqual([3, 1.5, 0]);
    expect(log.spent).toEqual([
      { claim: 0, raid: 0, defend: 1, mine: 3 },
      { claim: 1, raid: 0, defend: 0, mine: 1 },
      { claim: 0, raid: 0, defend: 0, mine: 0 },
    ]);
    expect(log.owner).toEqual(next.owner);
    expect(next.round).toBe(2);
  });

  test('a newly claimed plot cannot be mined in its claim round', () => {
    const { log, events } = play(smallMatch(), { a: { actions: [claim(0), mine(0, 3)] } });
    expect(log.gained).toEqual([0, 0, 0]);
    expect(events.find((e) => e.type === 'actions_dropped')).toEqual({
      type: 'actions_dropped',
      data: { player: 'a', dropped: [{ index: 1, reason: 'you do not own plot 0' }], kept: 1 },
      to: ['a'],
    });
  });

  test('a missing or garbage decision plays the empty list and tells the player privately', () => {
    const { events, log } = play(smallMatch(), { a: 'let me think' });
    expect(events.filter((e) => e.type === 'fallback').map((e) => [e.to, (e.data as { reason: string }).reason])).toEqual([
      [['a'], 'decision is not valid JSON (JSON Parse error: Unexpected identifier "let"); you played no actions this round'],
      [['b'], 'no decision was received; you played no actions this round'],
      [['c'], 'no decision was received; you played no actions this round'],
    ]);
    expect(log.spent[0]).toEqual({ claim: 0, raid: 0, defend: 0, mine: 0 });
  });

  test('the last round ends the match and later input changes nothing', () => {
    let state = smallMatch('a-- --- ---', { rounds: 2 });
    state = play(state, { a: { actions: [mine(0, 3)] } }).next;
    state = play(state, { a: { actions: [mine(0, 3)] } }).next;
    expect([state.over, state.round, state.gold[0]]).toEqual([true, 2, 6]);
    expect(applyGoldmineRound(state, { decisions: { a: { actions: [mine(0, 3)] } } })).toEqual({ state, events: [] });
  });

  test('the history keeps the last 5 public rounds, or only the last one', () => {
    let k5 = smallMatch('a-- --- ---', { rounds: 9 });
    let last = smallMatch('a-- --- ---', { rounds: 9, history: 'last' });
    for (let r = 0; r < 7; r++) {
      k5 = play(k5, {}).next;
      last = play(last, {}).next;
    }
    expect(k5.recent.map((p) => p.round)).toEqual([3, 4, 5, 6, 7]);
    expect(last.recent.map((p) => p.round)).toEqual([7]);
  });

  test('the input state is never modified', () => {
    const start = smallMatch('ab- --- ---');
    const copy = structuredClone(start);
    play(start, { a: { actions: [raid(1), mine(0, 2)] }, b: { actions: [claim(2)] } });
    expect(start).toEqual(copy);
  });
});

describe('bad input never breaks a round', () => {
  test('odd values in and around the list are dropped one by one; the state stays JSON', () => {
    const odd = [null, 3, 'claim 1', [], {}, { type: 'claim' }, { type: 'claim', plot: '1' }, { type: 'claim', plot: -1 }, { type: 'claim', plot: Number.NaN }, { type: 'claim', plot: Infinity }, { type: 'mine', plot: 0, k: -1 }, { type: 'mine', plot: 0, k: 1.5 }, { type: 'MINE', plot: 0, k: 1 }, { type: 'claim', plot: 2 }];
    const { next, events } = play(smallMatch('a-- --- ---'), { a: { actions: odd }, b: { actions: 'all of them' }, c: 42 });
    expect(drawMap(next)).toBe('a-a --- ---');
    const dropped = events.find((e) => e.type === 'actions_dropped')!.data as { dropped: unknown[]; kept: number };
    expect([dropped.dropped.length, dropped.kept]).toEqual([13, 1]);
    expect(events.filter((e) => e.type === 'fallback').map((e) => e.to)).toEqual([['b'], ['c']]);
    expect(JSON.parse(JSON.stringify(next))).toEqual(next);
  });

  test('a list thousands of actions long is cleaned and pruned to the budget', () => {
    const flood = Array.from({ length: 5000 }, (_, i) => ({ type: 'claim', plot: i % 9 }));
    const { log } = play(smallMatch(), { a: { actions: flood } });
    expect(log.spent[0]).toEqual({ claim: 9, raid: 0, defend: 0, mine: 0 });
  });
});

test('history `full` keeps per-plot totals over the whole match', () => {
  let state = smallMatch('ab- --- ---', { history: 'full', rounds: 9 });
  state = play(state, { a: { actions: [raid(1), defend(0)] }, b: { actions: [raid(0)] } }).next;
  state = play(state, { b: { actions: [raid(0)] } }).next;
  expect(state.totals).toEqual({
    rounds: 2,
    raids: [2, 1, 0, 0, 0, 0, 0, 0, 0],
    captures: [1, 1, 0, 0, 0, 0, 0, 0, 0],
    defended: [1, 0, 0, 0, 0, 0, 0, 0, 0],
    contested: [0, 0, 0, 0, 0, 0, 0, 0, 0],
  });
});
