import { describe, expect, test } from 'bun:test';
import { hashSeed, Rng } from '../engine/rng.ts';
import { applyGoldmineRound, resolveGoldmineRound, tieBreak, tieBreakStream } from './applyGoldmineRound.ts';
import { drawMap, smallMatch } from './goldmineFixtures.ts';
import type { GoldmineState } from './goldmineTypes.ts';

const claim = (plot: number) => ({ type: 'claim', plot });
const raid = (plot: number) => ({ type: 'raid', plot });
const defend = (plot: number) => ({ type: 'defend', plot });
const mine = (plot: number, k: number) => ({ type: 'mine', plot, k });
const acts = (...actions: unknown[]) => ({ actions });

function play(state: GoldmineState, decisions: Record<string, unknown>) {
  const resolved = resolveGoldmineRound(state, { decisions })!;
  return { next: resolved.state, events: resolved.events, log: resolved.log };
}

/** The seeded pick among `participants` for (seed, round, plot, kind), computed from the ODD's recipe directly. */
const expectedPick = (seed: number, round: number, plot: number, kind: 'claim' | 'raid', participants: number[]) =>
  participants[Rng.fromSeed(hashSeed(seed, round, plot, kind)).int(0, participants.length - 1)]!;

describe('Step 0: cleaning against the round-start map', () => {
  test('a plot claimed this round is still unowned for Step 0: raiding, defending or mining it is dropped', () => {
    const { next, log, events } = play(smallMatch(), { a: acts(claim(3), defend(3), mine(3, 2)), b: acts(raid(3)) });
    expect(drawMap(next)).toBe('--- a-- ---');
    expect(log.raids).toEqual([]);
    expect(log.spent.slice(0, 2)).toEqual([
      { claim: 1, raid: 0, defend: 0, mine: 0 },
      { claim: 0, raid: 0, defend: 0, mine: 0 },
    ]);
    const reasons = events.filter((e) => e.type === 'actions_dropped').map((e) => (e.data as { dropped: Array<{ reason: string }> }).dropped.map((d) => d.reason));
    expect(reasons).toEqual([['you do not own plot 3', 'you do not own plot 3'], ['plot 3 is unowned (claim it instead)']]);
  });

  test('mining a plot owned at the start is legal even if it is lost this round: stamina is spent, no gold', () => {
    const { log } = play(smallMatch('aa- --- ---'), { a: acts(mine(0, 3), mine(1, 2)), b: acts(raid(0)) });
    expect(log.spent[0]).toEqual({ claim: 0, raid: 0, defend: 0, mine: 5 });
    expect(log.gained).toEqual([2, 0, 0]);
  });

  test('stamina is S afresh every round: nothing carries over from a round spent idle', () => {
    let state = smallMatch('---- ---- ---- ----', { size: 4, stamina: 10 });
    state = play(state, { a: acts() }).next;
    const eleven = Array.from({ length: 11 }, (_, plot) => claim(plot));
    const { log } = play(state, { a: acts(...eleven) });
    expect(log.spent[0]).toEqual({ claim: 10, raid: 0, defend: 0, mine: 0 });
    expect(log.claims.map((c) => c.plot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test('the budget is the configured S (12 here)', () => {
    const fourteen = Array.from({ length: 14 }, (_, plot) => claim(plot));
    const { log } = play(smallMatch('---- ---- ---- ----', { size: 4, stamina: 12 }), { a: acts(...fourteen) });
    expect(log.spent[0]!.claim).toBe(12);
  });
});

describe('Step 1: claims', () => {
  test('a lone claimant gets the plot, with its acquisition round and a truce through the claim round', () => {
    const { next, log } = play(smallMatch(), { a: acts(claim(0)), b: acts(claim(4)) });
    expect(drawMap(next)).toBe('a-- -b- ---');
    expect(log.claims).toEqual([
      { plot: 0, by: [0], winner: 0 },
      { plot: 4, by: [1], winner: 1 },
    ]);
    expect([next.since[0], next.truceUntil[0]]).toEqual([1, 1]);
    expect(log.draws).toEqual([]);
  });

  test('contested claims go to a seeded pick among the claimants in ascending id, whatever the submission order', () => {
    const start = smallMatch('--- --- ---', {}, 42);
    const { next, log } = play(start, { c: acts(claim(5)), a: acts(claim(5)), b: acts(claim(5)) });
    const winner = expectedPick(42, 1, 5, 'claim', [0, 1, 2]);
    expect(log.claims).toEqual([{ plot: 5, by: [0, 1, 2], winner }]);
    expect(log.draws).toEqual([{ kind: 'claim', plot: 5, participants: [0, 1, 2], stream: hashSeed(42, 1, 5, 'claim'), winner }]);
    expect(next.owner[5]).toBe(winner);
    expect(tieBreak(42, 1, 5, 'claim', [0, 1, 2]).winner).toBe(winner);
  });

  test('the draw stream is hash(seed, round, plot, event type): each part changes it, nothing else does', () => {
    const base = tieBreakStream(42, 3, 5, 'claim');
    expect(base).toBe(hashSeed(42, 3, 5, 'claim'));
    expect(new Set([base, tieBreakStream(43, 3, 5, 'claim'), tieBreakStream(42, 4, 5, 'claim'), tieBreakStream(42, 3, 6, 'claim'), tieBreakStream(42, 3, 5, 'raid')]).size).toBe(5);
    const alone = play(smallMatch('--- --- ---', {}, 42), { a: acts(claim(5)), b: acts(claim(5)) }).log.draws[0];
    const crowded = play(smallMatch('--- --- ---', {}, 42), { a: acts(claim(0), claim(5), claim(8)), b: acts(claim(0), claim(5), claim(8)), c: acts(claim(0)) }).log.draws;
    expect(crowded.map((d) => d.plot)).toEqual([0, 5, 8]);
    expect(crowded[1]).toEqual(alone!);
  });

  test('over many seeds every claimant wins a contested plot about equally often', () => {
    const wins = [0, 0, 0];
    for (let seed = 1; seed <= 3000; seed++) wins[tieBreak(seed, 1, 0, 'claim', [0, 1, 2]).winner]! += 1;
    for (const w of wins) expect(Math.abs(w / 3000 - 1 / 3)).toBeLessThan(0.03);
  });

  test('plots are scanned row-major: the log lists claims and draws in plot order', () => {
    const { log } = play(smallMatch(), { a: acts(claim(8), claim(1), claim(6)), b: acts(claim(3), claim(8), claim(6)) });
    expect(log.claims.map((c) => c.plot)).toEqual([1, 3, 6, 8]);
    expect(log.draws.map((d) => d.plot)).toEqual([6, 8]);
  });

  test('truce counts rounds from the claim round: 0 and 1 protect nothing beyond it, 3 protects two more rounds', () => {
    const claimed = (truce: number) => play(smallMatch('--- --- ---', { truce, rounds: 9 }), { a: acts(claim(0)) }).next;
    expect(claimed(0).truceUntil[0]).toBe(0);
    expect(claimed(1).truceUntil[0]).toBe(1);
    let state = claimed(3);
    expect(state.truceUntil[0]).toBe(3);
    const outcomes: string[] = [];
    for (let r = 2; r <= 4; r++) {
      const { next, log } = play(state, { b: acts(raid(0)) });
      outcomes.push(`${r}:${log.raids[0]!.truce ? 'truce' : 'open'}:${drawMap(next).slice(0, 1)}`);
      state = next;
    }
    expect(outcomes).toEqual(['2:truce:a', '3:truce:a', '4:open:b']);
  });

  test('truce 2 protects a claim through the next round; truce 1 does not', () => {
    const claimed = (truce: number) => play(smallMatch('--- --- ---', { truce }), { a: acts(claim(0)) }).next;
    const raided = (truce: number) => play(claimed(truce), { b: acts(raid(0)) });
    const protectedRound = raided(2);
    expect(protectedRound.log.raids[0]).toEqual({ plot: 0, owner: 0, by: [1], defended: false, truce: true, blocked: [1], winner: -1 });
    expect(protectedRound.log.spent[1]!.raid).toBe(1);
    expect(drawMap(protectedRound.next)).toBe('a-- --- ---');
    expect(drawMap(raided(1).next)).toBe('b-- --- ---');
    expect(drawMap(play(protectedRound.next, { b: acts(raid(0)) }).next)).toBe('b-- --- ---');
  });
});

describe('Step 2: raids', () => {
  test('an undefended plot goes to its only raider; the owner who mined it gets nothing there', () => {
    const { next, log } = play(smallMatch('aa- --- ---'), { a: acts(mine(0, 3), mine(1, 2)), b: acts(raid(0)) });
    expect(drawMap(next)).toBe('ba- --- ---');
    expect(log.raids).toEqual([{ plot: 0, owner: 0, by: [1], defended: false, truce: false, blocked: [], winner: 1 }]);
    expect(log.gained).toEqual([2, 0, 0]);
    expect(next.since[0]).toBe(1);
  });

  test('defense `all`: one defended point blocks every raider, each raider still pays, and the owner mines on', () => {
    const { next, log } = play(smallMatch('a-- --- ---'), { a: acts(defend(0), mine(0, 3)), b: acts(raid(0)), c: acts(raid(0)) });
    expect(drawMap(next)).toBe('a-- --- ---');
    expect(log.raids[0]).toEqual({ plot: 0, owner: 0, by: [1, 2], defended: true, truce: false, blocked: [1, 2], winner: -1 });
    expect(log.gained).toEqual([3, 0, 0]);
    expect(log.spent.map((s) => s.raid)).toEqual([0, 1, 1]);
    expect(log.defended).toEqual([0]);
  });

  test('a defense is paid even when nobody raids, and is logged as defended', () => {
    const { log } = play(smallMatch('a-- --- ---'), { a: acts(defend(0)) });
    expect([log.spent[0]!.defend, log.defended, log.raids]).toEqual([1, [0], []]);
  });

  test('defense `perRaid` with one raider: the point blocks it', () => {
    const { next, log } = play(smallMatch('a-- --- ---', { defense: 'perRaid' }), { a: acts(defend(0)), b: acts(raid(0)) });
    expect(log.raids[0]).toMatchObject({ by: [1], blocked: [1], winner: -1 });
    expect(drawMap(next)).toBe('a-- --- ---');
  });

  test('defense `perRaid` with two raiders: the point blocks the lowest id, the other takes the plot without a draw', () => {
    const { next, log } = play(smallMatch('a-- --- ---', { defense: 'perRaid' }), { a: acts(defend(0)), c: acts(raid(0)), b: acts(raid(0)) });
    expect(log.raids[0]).toEqual({ plot: 0, owner: 0, by: [1, 2], defended: true, truce: false, blocked: [1], winner: 2 });
    expect(log.draws).toEqual([]);
    expect(drawMap(next)).toBe('c-- --- ---');
  });

  test('defense `perRaid` with three raiders: the lowest id is blocked, a seeded draw among the other two', () => {
    const { log } = play(smallMatch('a-- --- ---', { defense: 'perRaid' }, 5, 4), { a: acts(defend(0)), b: acts(raid(0)), c: acts(raid(0)), d: acts(raid(0)) });
    const winner = expectedPick(5, 1, 0, 'raid', [2, 3]);
    expect(log.raids[0]).toEqual({ plot: 0, owner: 0, by: [1, 2, 3], defended: true, truce: false, blocked: [1], winner });
    expect(log.draws).toEqual([{ kind: 'raid', plot: 0, participants: [2, 3], stream: hashSeed(5, 1, 0, 'raid'), winner }]);
  });

  test('defense `perRaid` on an undefended plot: every raider is open; under truce: every raider is blocked', () => {
    const open = play(smallMatch('--- -a- ---', { defense: 'perRaid' }, 9), { b: acts(raid(4)), c: acts(raid(4)) }).log;
    expect(open.raids[0]).toMatchObject({ blocked: [], winner: expectedPick(9, 1, 4, 'raid', [1, 2]) });
    const claimed = play(smallMatch('--- --- ---', { defense: 'perRaid', truce: 2 }), { a: acts(claim(0)) }).next;
    const truce = play(claimed, { a: acts(defend(0)), b: acts(raid(0)), c: acts(raid(0)) }).log;
    expect(truce.raids[0]).toMatchObject({ truce: true, blocked: [1, 2], winner: -1 });
  });

  test('several raiders on an undefended plot: a seeded pick among them in ascending id', () => {
    const { next, log } = play(smallMatch('--- -a- ---', {}, 9), { c: acts(raid(4)), b: acts(raid(4)) });
    const winner = expectedPick(9, 1, 4, 'raid', [1, 2]);
    expect(log.raids[0]!.winner).toBe(winner);
    expect(log.draws).toEqual([{ kind: 'raid', plot: 4, participants: [1, 2], stream: hashSeed(9, 1, 4, 'raid'), winner }]);
    expect(next.owner[4]).toBe(winner);
  });

  test('raids are simultaneous: two players can take each other\'s plots in the same round', () => {
    const { next } = play(smallMatch('ab- --- ---'), { a: acts(raid(1)), b: acts(raid(0)) });
    expect(drawMap(next)).toBe('ba- --- ---');
  });

  test('a captured plot gets no truce; its captor cannot mine it that round but can the next', () => {
    const first = play(smallMatch('a-- --- ---'), { b: acts(raid(0), mine(0, 3)) });
    expect(first.log.gained).toEqual([0, 0, 0]);
    expect(first.log.spent[1]).toEqual({ claim: 0, raid: 1, defend: 0, mine: 0 });
    expect(first.next.truceUntil[0]).toBe(0);
    const second = play(first.next, { b: acts(mine(0, 3)) });
    expect(second.log.gained).toEqual([0, 3, 0]);
  });

  test('defense flags are cleared after each round: last round\'s defense does not protect this round', () => {
    const first = play(smallMatch('a-- --- ---'), { a: acts(defend(0)), b: acts(raid(0)) });
    expect(drawMap(first.next)).toBe('a-- --- ---');
    expect(drawMap(play(first.next, { b: acts(raid(0)) }).next)).toBe('b-- --- ---');
  });
});

describe('Step 3: mining', () => {
  test('mining pays k x alpha on plots kept, k up to the cap (RULES G-a); stamina k is spent either way', () => {
    const { next, log } = play(smallMatch('ab- --- ---', { cap: 2, alpha: 1.5 }), { a: acts(mine(0, 2), defend(0)), b: acts(mine(1, 1), claim(2)) });
    expect(log.gained).toEqual([3, 1.5, 0]);
    expect(next.gold).toEqual([3, 1.5, 0]);
    expect(log.spent).toEqual([
      { claim: 0, raid: 0, defend: 1, mine: 2 },
      { claim: 1, raid: 0, defend: 0, mine: 1 },
      { claim: 0, raid: 0, defend: 0, mine: 0 },
    ]);
    expect(next.round).toBe(2);
  });

  test('cap 4 yields up to 4 x alpha a plot; cap 2 refuses k = 3 (RULES G-a)', () => {
    expect(play(smallMatch('a-- --- ---', { cap: 4 }), { a: acts(mine(0, 4)) }).log.gained[0]).toBe(4);
    const capped = play(smallMatch('a-- --- ---', { cap: 2 }), { a: acts(mine(0, 3)) });
    expect([capped.log.gained[0], capped.next.own[0]!.notices]).toEqual([0, ['Round 1: 1 action was removed as malformed, illegal or repeated (actions[0]: k must be 0..2 (the mining cap)).']]);
  });

  test('mining k = 0 is a legal, free action that yields nothing', () => {
    const { log, events } = play(smallMatch('a-- --- ---'), { a: acts(mine(0, 0)) });
    expect([log.gained[0], log.spent[0]!.mine, events.some((e) => e.type === 'actions_dropped')]).toEqual([0, 0, false]);
  });

  test('a newly claimed plot cannot be mined in its claim round', () => {
    const { log, events } = play(smallMatch(), { a: acts(claim(0), mine(0, 3)) });
    expect(log.gained).toEqual([0, 0, 0]);
    expect(events.find((e) => e.type === 'actions_dropped')).toEqual({
      type: 'actions_dropped',
      data: { player: 'a', dropped: [{ index: 1, kind: 'illegal', reason: 'you do not own plot 0' }], kept: 1 },
      to: ['a'],
    });
  });

  test('an owner who loses one plot still mines the plots it kept', () => {
    const { log } = play(smallMatch('aaa --- ---'), { a: acts(mine(0, 3), mine(1, 3), mine(2, 3)), b: acts(raid(1)) });
    expect(log.gained[0]).toBe(6);
  });
});

describe('Step 4: the round log', () => {
  test('public map and per-plot events, private ledger and own actions; the state after the round matches the log', () => {
    const { next, log, events } = play(smallMatch('ab- --- ---'), { a: acts(defend(0), mine(0, 3), claim(4)), b: acts(raid(0), mine(1, 2)), c: acts() });
    const round = events.find((e) => e.type === 'round')!;
    const ledger = events.find((e) => e.type === 'ledger')!;
    expect(round.to).toBeUndefined();
    expect(Object.keys(round.data!).sort()).toEqual(['claims', 'defended', 'draws', 'held', 'owner', 'raids', 'round', 'since', 'tally', 'truceUntil']);
    expect(round.data).toMatchObject({ held: [2, 1, 0], tally: { claims: 1, contested: 0, raids: 1, captures: 0, defenses: 1 } });
    expect(ledger.to).toEqual([]);
    expect(ledger.data).toEqual({ round: 1, gold: [3, 2, 0], gained: [3, 2, 0], spent: log.spent, output: 5 });
    expect(events.filter((e) => e.type === 'actions').map((e) => [e.to, e.data!.gold])).toEqual([
      [['a'], 3],
      [['b'], 2],
      [['c'], 0],
    ]);
    expect([log.owner, log.since, log.truceUntil, log.gold]).toEqual([next.owner, next.since, next.truceUntil, next.gold]);
    expect(events.map((e) => e.type)).toEqual(['actions', 'actions', 'actions', 'round', 'ledger']);
  });

  test('the last round ends the match and later input changes nothing', () => {
    let state = smallMatch('a-- --- ---', { rounds: 2 });
    state = play(state, { a: acts(mine(0, 3)) }).next;
    state = play(state, { a: acts(mine(0, 3)) }).next;
    expect([state.over, state.round, state.gold[0]]).toEqual([true, 2, 6]);
    expect(resolveGoldmineRound(state, { decisions: {} })).toBeNull();
    expect(applyGoldmineRound(state, { decisions: { a: acts(mine(0, 3)) } })).toEqual({ state, events: [] });
  });

  test('the history keeps the last 5 public rounds (k5), only the last one (last), every round (full, RULES G-d), or none (none, RULES G-f)', () => {
    const after7 = (history: 'none' | 'k5' | 'last' | 'full') => {
      let state = smallMatch('a-- --- ---', { rounds: 9, history });
      for (let r = 0; r < 7; r++) state = play(state, {}).next;
      return state.recent.map((p) => p.round);
    };
    expect(after7('k5')).toEqual([3, 4, 5, 6, 7]);
    expect(after7('full')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(after7('last')).toEqual([7]);
    expect(after7('none')).toEqual([]);
  });

  test('history `full` keeps each round\'s public events, round by round', () => {
    let state = smallMatch('ab- --- ---', { history: 'full', rounds: 9 });
    state = play(state, { a: acts(raid(1), defend(0)), b: acts(raid(0)) }).next;
    state = play(state, { b: acts(raid(0)) }).next;
    expect(state.recent.map((r) => [r.round, r.raids.map((x) => [x.plot, x.by, x.winner]), r.defended])).toEqual([
      [1, [[0, [1], -1], [1, [0], 0]], [0]],
      [2, [[0, [1], 1]], []],
    ]);
  });

  test('the input state is never modified', () => {
    const start = smallMatch('ab- --- ---');
    const copy = structuredClone(start);
    play(start, { a: acts(raid(1), mine(0, 2)), b: acts(claim(2)) });
    expect(start).toEqual(copy);
  });
});

describe('bad input never breaks a round', () => {
  test('a missing or garbage decision plays the empty list and tells the player privately, now and in its next view', () => {
    const { events, log, next } = play(smallMatch(), { a: 'let me think' });
    expect(events.filter((e) => e.type === 'fallback').map((e) => [e.to, (e.data as { reason: string }).reason])).toEqual([
      [['a'], 'decision is not valid JSON (JSON Parse error: Unexpected identifier "let"); you played no actions this round'],
      [['b'], 'no decision was received; you played no actions this round'],
      [['c'], 'no decision was received; you played no actions this round'],
    ]);
    expect(log.spent[0]).toEqual({ claim: 0, raid: 0, defend: 0, mine: 0 });
    expect(next.own[0]!.notices).toEqual([
      'Round 1: your answer could not be used (decision is not valid JSON (JSON Parse error: Unexpected identifier "let")), so you played no actions and spent no stamina.',
    ]);
  });

  test('odd values in and around the list are dropped one by one; the state stays JSON', () => {
    const odd = [null, 3, 'claim 1', [], {}, { type: 'claim' }, { type: 'claim', plot: '1' }, { type: 'claim', plot: -1 }, { type: 'claim', plot: Number.NaN }, { type: 'claim', plot: Infinity }, { type: 'mine', plot: 0, k: -1 }, { type: 'mine', plot: 0, k: 1.5 }, { type: 'MINE', plot: 0, k: 1 }, { type: 'claim', plot: 2 }];
    const { next, events } = play(smallMatch('a-- --- ---'), { a: acts(...odd), b: acts('all of them'), c: 42 });
    expect(drawMap(next)).toBe('a-a --- ---');
    const dropped = events.find((e) => e.type === 'actions_dropped' && e.to![0] === 'a')!.data as { dropped: unknown[]; kept: number; more: number };
    expect([dropped.dropped.length, dropped.kept]).toEqual([13, 1]);
    expect(dropped.more).toBeUndefined();
    expect(events.filter((e) => e.type === 'fallback').map((e) => e.to)).toEqual([['c']]);
    expect(next.own[0]!.notices).toEqual([
      "Round 1: 13 actions were removed as malformed, illegal or repeated (actions[0]: unknown action type null (allowed: claim, raid, defend, mine); actions[1]: unknown action type null (allowed: claim, raid, defend, mine); actions[2]: unknown action type null (allowed: claim, raid, defend, mine); actions[3]: unknown action type null (allowed: claim, raid, defend, mine); actions[4]: unknown action type null (allowed: claim, raid, defend, mine); and 8 more).",
    ]);
    expect(JSON.parse(JSON.stringify(next))).toEqual(next);
  });

  test('a list thousands of actions long is cleaned and pruned to the budget; the log lists 20 drops and counts the rest', () => {
    const flood = Array.from({ length: 5000 }, (_, i) => claim(i % 9));
    const { log, events, next } = play(smallMatch(), { a: acts(...flood) });
    expect(log.spent[0]).toEqual({ claim: 9, raid: 0, defend: 0, mine: 0 });
    const data = events.find((e) => e.type === 'actions_dropped')!.data as { dropped: unknown[]; more: number };
    expect([data.dropped.length, data.more]).toEqual([20, 4971]);
    expect(next.own[0]!.notices).toEqual(['Round 1: 4991 actions were removed as malformed, illegal or repeated (actions[9]: repeats an earlier claim on plot 0; actions[10]: repeats an earlier claim on plot 1; actions[11]: repeats an earlier claim on plot 2; actions[12]: repeats an earlier claim on plot 3; actions[13]: repeats an earlier claim on plot 4; and 4986 more).']);
  });

  test('a list over budget is pruned from its tail, and the player is told which actions went', () => {
    const { next } = play(smallMatch('aa- --- ---'), { a: acts(mine(0, 3), mine(1, 3), claim(2), claim(3), claim(4), claim(5), claim(6), claim(7)) });
    expect(next.own[0]!.notices).toEqual(['Round 1: 2 actions, from actions[6] on, were dropped from the end of your list to keep the cost within your stamina of 10.']);
  });
});
