import { expect, test } from 'bun:test';
import { brainContext } from '../../engine/runner.ts';
import { cleanDecision } from '../cleanDecision.ts';
import { smallMatch } from '../goldmineFixtures.ts';
import { goldmineView } from '../goldmineView.ts';
import { randomMiner } from './randomMiner.ts';

test('Random spends exactly its stamina on legal, non-repeated options, reproducibly', () => {
  const state = smallMatch('ab- c-- ---');
  for (let round = 1; round <= 30; round++) {
    const ctx = () => brainContext(3, 'a', round, 'act');
    const decision = randomMiner.decide(goldmineView(state, 'a'), ctx());
    const cleaned = cleanDecision(decision, state.owner, 0, 10, 3);
    expect(cleaned.dropped).toEqual([]);
    const { claim, raid, defend, mine } = cleaned.spent;
    expect(claim + raid + defend + mine).toBe(10);
    expect(randomMiner.decide(goldmineView(state, 'a'), ctx())).toEqual(decision);
  }
});

test('Random stops when no option is left', () => {
  const state = smallMatch('aaa aaa aaa', { stamina: 100 });
  const { actions } = randomMiner.decide(goldmineView(state, 'a'), brainContext(3, 'a', 1, 'act'));
  expect(actions.filter((a) => a.type === 'defend')).toHaveLength(9);
  expect(actions.filter((a) => a.type === 'mine').every((a) => a.type === 'mine' && a.k === 3)).toBe(true);
});
