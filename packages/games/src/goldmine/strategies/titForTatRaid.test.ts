import { expect, test } from 'bun:test';
import { brainContext } from '../../engine/runner.ts';
import { applyGoldmineRound } from '../applyGoldmineRound.ts';
import { drawMap, smallMatch } from '../goldmineFixtures.ts';
import { goldmineView } from '../goldmineView.ts';
import { titForTatRaid } from './titForTatRaid.ts';

const full = smallMatch('aab bbc ccc');

test('Tit-for-tat-Raid does not raid unprovoked, even on a full map', () => {
  const { actions } = titForTatRaid.decide(goldmineView(full, 'a'), brainContext(1, 'a', 1, 'act'));
  expect(actions).toEqual([{ type: 'mine', plot: 0, k: 3 }, { type: 'mine', plot: 1, k: 3 }]);
});

test('Tit-for-tat-Raid answers each raid it suffered last round with a raid on the raider, first in its list', () => {
  const state = {
    ...full,
    round: 2,
    recent: [{ round: 1, claims: [], raids: [{ plot: 0, owner: 0, by: [2], defended: true, truce: false, blocked: [2], winner: -1 }], defended: [0] }],
  };
  const { actions } = titForTatRaid.decide(goldmineView(state, 'a'), brainContext(1, 'a', 2, 'act'));
  expect(actions[0]!.type).toBe('raid');
  expect([5, 6, 7, 8]).toContain(actions[0]!.plot);
  expect(actions.slice(1)).toEqual([{ type: 'mine', plot: 0, k: 3 }, { type: 'mine', plot: 1, k: 3 }]);
});

test('transcript: B takes one of A\'s plots; A answers with one raid on B next round, then goes back to mining', () => {
  let state = smallMatch('aab bbc ccc');
  const aMoves = (s: typeof state) => titForTatRaid.decide(goldmineView(s, 'a'), brainContext(1, 'a', s.round, 'act'));
  const r1 = aMoves(state);
  state = applyGoldmineRound(state, { decisions: { a: r1, b: { actions: [{ type: 'raid', plot: 1 }] } } }).state;
  expect(drawMap(state)).toBe('abb bbc ccc');
  const r2 = aMoves(state);
  expect(r2.actions[0]!.type).toBe('raid');
  expect([1, 2, 3, 4, 5]).toContain(r2.actions[0]!.plot);
  expect(r2.actions.slice(1)).toEqual([{ type: 'mine', plot: 0, k: 3 }]);
  state = applyGoldmineRound(state, { decisions: { a: r2 } }).state;
  expect(aMoves(state).actions.map((a) => a.type)).not.toContain('raid');
});
