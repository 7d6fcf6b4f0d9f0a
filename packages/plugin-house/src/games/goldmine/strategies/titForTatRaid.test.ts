import { expect, test } from 'bun:test';
import { brainContext } from '../../../engine/runner.ts';
import { smallMatch } from '../goldmineFixtures.ts';
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
