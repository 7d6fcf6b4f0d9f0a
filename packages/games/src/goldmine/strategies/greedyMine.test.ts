import { expect, test } from 'bun:test';
import { brainContext } from '../../engine/runner.ts';
import { smallMatch } from '../goldmineFixtures.ts';
import { goldmineView } from '../goldmineView.ts';
import { greedyMine } from './greedyMine.ts';

test('Greedy-Mine mines its plots to the cap first, then claims unowned plots with the rest', () => {
  const view = goldmineView(smallMatch('aa- b-- ---'), 'a');
  const { actions } = greedyMine.decide(view, brainContext(1, 'a', 1, 'act'));
  expect(actions.slice(0, 2)).toEqual([{ type: 'mine', plot: 0, k: 3 }, { type: 'mine', plot: 1, k: 3 }]);
  expect(actions.slice(2).every((a) => a.type === 'claim')).toBe(true);
  const claimed = actions.slice(2).map((a) => a.plot);
  expect(claimed).toHaveLength(4);
  expect(new Set(claimed).size).toBe(4);
  expect(claimed.every((p) => [2, 4, 5, 6, 7, 8].includes(p))).toBe(true);
});

test('Greedy-Mine raids undefended plots of others once the map is full, and never defends', () => {
  const state = smallMatch('abb bbb ccc', { stamina: 5 });
  const defended = { ...state, round: 2, recent: [{ round: 1, claims: [], raids: [], defended: [1, 2, 3, 4, 5] }] };
  const { actions } = greedyMine.decide(goldmineView(defended, 'a'), brainContext(1, 'a', 2, 'act'));
  expect(actions[0]).toEqual({ type: 'mine', plot: 0, k: 3 });
  expect(actions.slice(1).map((a) => a.type)).toEqual(['raid', 'raid']);
  expect(actions.slice(1).every((a) => a.plot >= 6)).toBe(true);
});
