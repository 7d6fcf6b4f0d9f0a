import { expect, test } from 'bun:test';
import { describeOutcome } from '@the-house/games/narrations.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { brainContext } from '@the-house/games/engine/runner.ts';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import { goldmineSummary } from './goldmineAdapter.ts';

test('the game room hears every 5th round and the last, in public facts only; gold is named once the match is over', () => {
  const players = ['ada', 'bo', 'cy'];
  const match = Match.create(goldmineGame, { rounds: 7, size: 4 }, 3, players);
  const strategy = goldmineGame.strategies['greedy-mine']!;
  const texts: Array<string | null> = [];
  while (!match.over) {
    const decisions = Object.fromEntries(players.map((p) => [p, strategy.decide(goldmineGame.view(match.state, p), brainContext(3, p, match.state.round, 'act'))]));
    const { finished } = match.step({ decisions });
    if (finished) texts.push(goldmineSummary(finished, match, 5));
  }
  expect(texts.map((t) => t !== null)).toEqual([false, false, false, false, true, false, true]);
  expect(texts[4]).toStartWith('[goldmine] Rounds 1-5 of 7\nPlots held: ada ');
  expect(texts[4]).toContain('plots claimed');
  expect(texts[4]).not.toMatch(/\bgold\b/);
  expect(texts[6]).toStartWith('[goldmine] Rounds 6-7 of 7');
  expect(texts[6]).toContain('Final gold: ');
  expect(texts[6]).toContain(`Match over: ${describeOutcome('goldmine', match.state)}. Final gold: `);
});
