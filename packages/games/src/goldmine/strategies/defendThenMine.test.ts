import { expect, test } from 'bun:test';
import { brainContext } from '../../engine/runner.ts';
import { cleanDecision } from '../cleanDecision.ts';
import { applyGoldmineRound } from '../applyGoldmineRound.ts';
import { drawMap, smallMatch } from '../goldmineFixtures.ts';
import { goldmineView } from '../goldmineView.ts';
import { defendThenMine } from './defendThenMine.ts';
import { greedyMine } from './greedyMine.ts';

test('Defend-then-Mine defends every plot, then mines, then claims with what is left', () => {
  const state = smallMatch('aa- --- ---');
  const { actions } = defendThenMine.decide(goldmineView(state, 'a'), brainContext(1, 'a', 1, 'act'));
  expect(actions.slice(0, 4)).toEqual([
    { type: 'defend', plot: 0 },
    { type: 'defend', plot: 1 },
    { type: 'mine', plot: 0, k: 3 },
    { type: 'mine', plot: 1, k: 3 },
  ]);
  expect(actions.slice(4).map((a) => a.type)).toEqual(['claim', 'claim']);
  expect(cleanDecision({ actions }, state.owner, 0, 10, 3).dropped).toEqual([]);
});

test('Defend-then-Mine with more plots than stamina only defends', () => {
  const state = smallMatch('aaa aaa aaa', { stamina: 4 });
  const { actions } = defendThenMine.decide(goldmineView(state, 'a'), brainContext(1, 'a', 1, 'act'));
  expect(actions).toEqual([0, 1, 2, 3].map((plot) => ({ type: 'defend', plot })));
});

test('transcript: against Greedy-Mine raiders on a full map, the plots Defend-then-Mine defends stay its own (defense `all`)', () => {
  let state = smallMatch('aab bbb bbb', { rounds: 20 });
  const held: string[] = [];
  for (let round = 1; round <= 6; round++) {
    const ctx = (p: string) => brainContext(2, p, state.round, 'act');
    const a = defendThenMine.decide(goldmineView(state, 'a'), ctx('a'));
    const b = greedyMine.decide(goldmineView(state, 'b'), ctx('b'));
    state = applyGoldmineRound(state, { decisions: { a, b } }).state;
    held.push(drawMap(state).slice(0, 2));
  }
  expect(held).toEqual(['aa', 'aa', 'aa', 'aa', 'aa', 'aa']);
  expect(state.gold[0]).toBe(6 * 6);
});
