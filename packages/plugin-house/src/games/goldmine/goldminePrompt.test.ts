import { expect, test } from 'bun:test';
import { applyGoldmineRound } from './applyGoldmineRound.ts';
import { smallMatch } from './goldmineFixtures.ts';
import { encodeMap, goldminePrompt } from './goldminePrompt.ts';
import { goldmineView } from './goldmineView.ts';

test('the map is one line per row, letters for owners', () => {
  expect(encodeMap([0, 0, -1, -1, 1, -1, 2, -1, -1], 3)).toBe('r0 AA.\nr1 .B.\nr2 C..');
});

test('the prompt restates S, gives the id, gold, map, last round and own record, and the JSON format', () => {
  const start = smallMatch('aa- -b- ---');
  const { state } = applyGoldmineRound(start, {
    decisions: {
      a: { actions: [{ type: 'defend', plot: 0 }, { type: 'mine', plot: 0, k: 3 }, { type: 'mine', plot: 1, k: 3 }] },
      b: { actions: [{ type: 'raid', plot: 0 }, { type: 'raid', plot: 1 }, { type: 'claim', plot: 8 }] },
      c: { actions: [{ type: 'claim', plot: 8 }] },
    },
  });
  const prompt = goldminePrompt(goldmineView(state, 'a'));
  expect(prompt).toContain('You are player A (a)');
  expect(prompt).toContain('Your stamina S = 10 this round: S is reset to 10 at the start of every round and unused stamina is lost.');
  expect(prompt).toContain('Your gold: 3. Your plots: 0.');
  expect(prompt).toContain('r0 AB.');
  expect(prompt).toContain('Round 1 events: 1 plots claimed (1 contested), 2 raids, 1 plots taken, 1 plots defended.');
  expect(prompt).toContain('r0 bX.\nr1 ...\nr2 ..c');
  expect(prompt).toContain('Raids on your plots: 0 by B blocked; 1 by B taken by B.');
  expect(prompt).toContain('Last 1 rounds (1 rounds): 2 raids, 1 plots taken by raids, 1 plot-defenses.\nTimes each plot was taken by a raid (. none, + 10 or more):\nr0 .1.');
  expect(prompt).toContain('Your last round: defend 0, mine 0 k3, mine 1 k3; gained 3 gold.');
  expect(prompt).toContain('Answer with JSON only');
  expect(goldminePrompt(goldmineView(state, 'a'))).toBe(prompt);
});
