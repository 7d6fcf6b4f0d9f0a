import { expect, test } from 'bun:test';
import { brainContext } from '../../../engine/runner.ts';
import { cleanDecision } from '../cleanDecision.ts';
import { smallMatch } from '../goldmineFixtures.ts';
import { goldmineView } from '../goldmineView.ts';
import { defendThenMine } from './defendThenMine.ts';

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
  expect(cleanDecision({ actions }, state.owner, 0, 10).dropped).toEqual([]);
});

test('Defend-then-Mine with more plots than stamina only defends', () => {
  const state = smallMatch('aaa aaa aaa', { stamina: 4 });
  const { actions } = defendThenMine.decide(goldmineView(state, 'a'), brainContext(1, 'a', 1, 'act'));
  expect(actions).toEqual([0, 1, 2, 3].map((plot) => ({ type: 'defend', plot })));
});
