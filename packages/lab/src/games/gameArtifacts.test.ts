import { expect, test } from 'bun:test';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { influenceGame } from '@the-house/games/influence/influenceGame.ts';
import { gameArtifacts } from './gameArtifacts.ts';

test('Influence artifacts: the HTML timeline and the House log, whose end is the published head', () => {
  const players = ['ann', 'bob', 'cat', 'dan'];
  const names = Object.keys(influenceGame.strategies);
  const match = Match.create(influenceGame, influenceGame.configSchema.parse({}), 5, players);
  runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, influenceGame.strategies[names[i % names.length]!]!])));
  const files = gameArtifacts.get('influence')!(match.state, match.log!.entries);
  expect(Object.keys(files)).toEqual(['report.html', 'house-log.jsonl']);
  expect(files['report.html']).toContain('Influence — match replay');
  const entries = files['house-log.jsonl']!.trim().split('\n').map((l) => JSON.parse(l));
  expect(verifyChain(entries, match.state.publishedHead!)).toEqual({ ok: true });
});

test('Trust has no report of its own: play writes the generic one', () => {
  expect(gameArtifacts.has('trust')).toBe(false);
});
