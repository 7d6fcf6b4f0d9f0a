import { describe, expect, test } from 'bun:test';
import { brainContext } from '../engine/runner.ts';
import { resolveGoldmineRound } from './applyGoldmineRound.ts';
import { goldmineConfigSchema } from './goldmineConfig.ts';
import { drawMap, smallMatch } from './goldmineFixtures.ts';
import { goldmineGame } from './goldmineGame.ts';
import { goldminePrompt } from './goldminePrompt.ts';
import type { GoldmineState } from './goldmineTypes.ts';
import { goldmineView } from './goldmineView.ts';
import { greedyMine } from './strategies/greedyMine.ts';
import { titForTatRaid } from './strategies/titForTatRaid.ts';
import { RETALIATION_LINE } from './strategies/viewFacts.ts';

const claim = (plot: number) => ({ type: 'claim', plot });
const raid = (plot: number) => ({ type: 'raid', plot });
const mine = (plot: number, k: number) => ({ type: 'mine' as const, plot, k });
const acts = (...actions: unknown[]) => ({ actions });

function play(state: GoldmineState, decisions: Record<string, unknown>) {
  const resolved = resolveGoldmineRound(state, { decisions })!;
  return { next: resolved.state, events: resolved.events, log: resolved.log };
}

describe('RULES G-b: tie-breaks order participants by player id, not by seat', () => {
  test('seats zed, amy, bob: a contested claim lists amy, bob, zed; perRaid blocks amy, the lowest id', () => {
    const setup = (config: object) => goldmineGame.setup(goldmineConfigSchema.parse({ size: 3, rounds: 5, ...config }), 7, ['zed', 'amy', 'bob']);
    const { log } = play(setup({}), { zed: acts(claim(4)), amy: acts(claim(4)), bob: acts(claim(4)) });
    expect(log.claims[0]!.by).toEqual([1, 2, 0]);
    expect(log.draws[0]!.participants).toEqual([1, 2, 0]);
    const held = { ...setup({ defense: 'perRaid' }), owner: [2, -1, -1, -1, -1, -1, -1, -1, -1] };
    const raided = play(held, { zed: acts(raid(0)), amy: acts(raid(0)), bob: acts({ type: 'defend', plot: 0 }) });
    expect(raided.log.raids[0]).toMatchObject({ by: [1, 0], blocked: [1], winner: 0 });
  });
});

describe('RULES G-e: plotAlpha', () => {
  test('gradient: three bands of columns, 0.5, 1 and 1.5 x alpha; mining pays the plot\'s own alpha', () => {
    const state = smallMatch('aaa --- ---', { plotAlpha: 'gradient', alpha: 2 });
    expect(state.alphaOf).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3]);
    expect(play(state, { a: acts(mine(0, 3), mine(2, 3)) }).log.gained[0]).toBe(12);
  });

  test('random: each plot 0.5, 1 or 1.5 x alpha drawn by seed (the same seed, the same map); a map sets single plots', () => {
    const drawn = (seed: number) => smallMatch('--- --- ---', { plotAlpha: 'random' }, seed).alphaOf;
    expect(drawn(3)).toEqual(drawn(3));
    expect(drawn(3)!.every((a) => [0.5, 1, 1.5].includes(a))).toBe(true);
    expect(new Set([3, 4, 5, 6].map((s) => JSON.stringify(drawn(s)))).size).toBeGreaterThan(1);
    expect(smallMatch('--- --- ---', { plotAlpha: { '4': 5 } }).alphaOf).toEqual([1, 1, 1, 1, 5, 1, 1, 1, 1]);
    expect(goldmineConfigSchema.safeParse({ size: 3, plotAlpha: { '9': 2 } }).success).toBe(false);
  });

  test('the view carries every plot\'s alpha, the prompt draws the bands, and the baselines claim and mine rich plots first', () => {
    const state = smallMatch('a-- --- ---', { plotAlpha: 'gradient' });
    const view = goldmineView(state, 'a');
    expect(view.plotAlpha).toEqual([0.5, 1, 1.5, 0.5, 1, 1.5, 0.5, 1, 1.5]);
    expect(goldminePrompt(view)).toContain('Plot yields differ: - yields 0.5, o yields 1, + yields 1.5 gold per mined stamina:\nr0 -o+\nr1 -o+\nr2 -o+');
    const { actions } = greedyMine.decide({ ...view, stamina: 6 }, brainContext(1, 'a', 1, 'act'));
    expect(actions[0]).toEqual(mine(0, 3));
    expect(actions.slice(1).map((a) => a.plot).sort()).toEqual([2, 5, 8]);
    expect(goldmineView(smallMatch(), 'a').plotAlpha).toBeNull();
  });
});

describe('RULES G-e: stamina per player', () => {
  test('two classes: half the seats each, drawn by seed; "8/12" is the same as [8, 12]', () => {
    const seats = (stamina: unknown, seed: number) => goldmineGame.setup(goldmineConfigSchema.parse({ stamina }), seed, ['a', 'b', 'c', 'd', 'e']).staminaOf;
    expect(seats([8, 12], 1).filter((s) => s === 8)).toHaveLength(3);
    expect(seats('8/12', 1)).toEqual(seats([8, 12], 1));
    expect(new Set([1, 2, 3, 4, 5].map((seed) => seats([8, 12], seed).join())).size).toBeGreaterThan(1);
    expect(goldmineConfigSchema.safeParse({ stamina: '8-12' }).success).toBe(false);
  });

  test('a map by player id; the rest get 10; each seat\'s budget prunes its own list; everyone sees everyone\'s S', () => {
    const state = smallMatch('aa- --- ---', { stamina: { a: 4, c: 12 } });
    expect(state.staminaOf).toEqual([4, 10, 12]);
    const { log } = play(state, { a: acts(mine(0, 3), mine(1, 3)) });
    expect(log.spent[0]!.mine).toBe(3);
    const view = goldmineView(state, 'b');
    expect([view.stamina, view.staminaOf]).toEqual([10, [4, 10, 12]]);
    expect(goldminePrompt(view)).toContain('Stamina differs between players: A 4, B 10, C 12.');
    expect(goldmineConfigSchema.safeParse(JSON.parse('{"stamina": {"__proto__": 5}}')).success).toBe(false);
  });
});

describe('RULES G-e: talk', () => {
  test('a line of at most 200 characters a round, public in the round event and shown to all next round', () => {
    const state = smallMatch('a-- b-- ---', { talk: true });
    const { next, events } = play(state, { a: { actions: [], talk: 'plot 0 is mine; leave it' }, b: { talk: 'x'.repeat(300) } });
    const round = events.find((e) => e.type === 'round')!;
    expect(round.to).toBeUndefined();
    expect((round.data as { talk: unknown }).talk).toEqual([
      { seat: 0, text: 'plot 0 is mine; leave it' },
      { seat: 1, text: 'x'.repeat(200) },
    ]);
    expect(next.own[1]!.notices).toEqual(['Round 1: your line had 300 characters; only the first 200 were posted.']);
    const prompt = goldminePrompt(goldmineView(next, 'c'));
    expect(prompt).toContain('Talk last round: A: "plot 0 is mine; leave it"');
    expect(prompt).toContain('"talk":"one public line for everyone, at most 200 characters (optional)"');
  });

  test('with talk off a line is not posted and its author is told', () => {
    const { next, events } = play(smallMatch(), { a: { actions: [], talk: 'hello' } });
    expect((events.find((e) => e.type === 'round')!.data as { talk?: unknown }).talk).toBeUndefined();
    expect(next.own[0]!.notices).toEqual(['Round 1: talk is off in this match, so your line was not posted.']);
  });

  test('transcript: tit-for-tat threatens to raid back; greedy-mine, on a full map, raids the silent player instead', () => {
    let state = smallMatch('aab ccc ccc', { talk: true, stamina: 7 });
    const said = titForTatRaid.decide(goldmineView(state, 'a'), brainContext(1, 'a', 1, 'act'));
    expect(said.talk).toBe(RETALIATION_LINE);
    state = play(state, { a: said }).next;
    const greedy = greedyMine.decide(goldmineView(state, 'b'), brainContext(1, 'b', 2, 'act'));
    const raids = greedy.actions.filter((a) => a.type === 'raid').map((a) => a.plot);
    expect(raids).toHaveLength(4);
    expect(raids.every((p) => p >= 3)).toBe(true);
  });
});

describe('RULES G-e: authority', () => {
  test('a plot raided from a holder of N+ rounds goes back at once, and the raider is fined (never below 0 gold)', () => {
    const held = { ...smallMatch('ab- --- ---', { authority: 3, authorityFine: 5, rounds: 9 }), round: 4, since: [1, 3, 0, 0, 0, 0, 0, 0, 0], gold: [0, 8, 2] };
    const { next, log, events } = play(held, { b: acts(raid(0), mine(1, 3)), c: acts(raid(1)), a: acts(mine(0, 3)) });
    expect(drawMap(next)).toBe('ac- --- ---');
    expect(log.raids.find((r) => r.plot === 0)).toMatchObject({ by: [1], winner: -1, returnedFrom: 1 });
    expect(log.raids.find((r) => r.plot === 1)).toMatchObject({ by: [2], winner: 2 });
    expect(next.since[0]).toBe(1);
    expect(log.gained).toEqual([3, 0, 0]);
    expect([log.fined, next.gold]).toEqual([[0, 5, 0], [3, 3, 2]]);
    expect(log.tally).toMatchObject({ captures: 1, returned: 1 });
    expect(events.find((e) => e.type === 'ledger')!.to).toEqual([]);
  });

  test('RULES G-g: a plot held N+ rounds, defended one point (perRaid) and raided by b, c and d: b (the lowest id) is blocked, the draw gives it to c or d, the authority gives it back and fines all three', () => {
    const held = { ...smallMatch('a-- --- ---', { authority: 2, authorityFine: 2, defense: 'perRaid', rounds: 9 }, 7, 4), round: 5, since: [1, 0, 0, 0, 0, 0, 0, 0, 0], gold: [0, 5, 5, 1] };
    const { next, log } = play(held, { a: acts({ type: 'defend', plot: 0 }), b: acts(raid(0)), c: acts(raid(0)), d: acts(raid(0)) });
    expect(drawMap(next)).toBe('a-- --- ---');
    expect(log.raids[0]).toMatchObject({ by: [1, 2, 3], blocked: [1], winner: -1 });
    expect([2, 3]).toContain(log.raids[0]!.returnedFrom!);
    expect([log.fined, next.gold]).toEqual([[0, 2, 2, 1], [0, 3, 3, 0]]);
  });

  test('the view lists the plots it protects; the prompt states the rule; greedy raiders leave them alone', () => {
    const held = { ...smallMatch('aab bbb ccc', { authority: 2, rounds: 9 }), round: 3, since: [1, 1, 1, 3, 3, 3, 3, 3, 3] };
    const view = goldmineView(held, 'c');
    expect(view.authorityPlots).toEqual([0, 1, 2]);
    expect(goldminePrompt(view)).toContain('Authority: a plot raided from a holder who has held it 2 or more rounds goes back to that holder at once, and every raider of that plot is fined 10 gold. Protected now: 0-2.');
    const { actions } = greedyMine.decide(view, brainContext(1, 'c', 3, 'act'));
    const raids = actions.filter((a) => a.type === 'raid').map((a) => a.plot);
    expect(raids).toHaveLength(1);
    expect(raids[0]).toBeGreaterThanOrEqual(3);
    expect(goldmineView(smallMatch(), 'a').authority).toBeNull();
  });
});
