import { expect, test } from 'bun:test';
import { verifyChain } from '@the-house/games/engine/eventLog.ts';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { influenceGame } from '@the-house/games/influence/influenceGame.ts';
import { gameIds } from '@the-house/games/registry.ts';
import { gamesWithoutLabModule, labGameOf, labGames } from './labGames.ts';

test('Influence artifacts: the HTML timeline and the House log, whose end is the published head', () => {
  const players = ['ann', 'bob', 'cat', 'dan'];
  const names = Object.keys(influenceGame.strategies);
  const match = Match.create(influenceGame, influenceGame.configSchema.parse({}), 5, players);
  runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, influenceGame.strategies[names[i % names.length]!]!])));
  const files = labGameOf('influence')!.artifacts!(match.state, match.log!.entries);
  expect(Object.keys(files)).toEqual(['report.html', 'house-log.jsonl']);
  expect(files['report.html']).toContain('Influence — match replay');
  const entries = files['house-log.jsonl']!.trim().split('\n').map((l) => JSON.parse(l));
  expect(verifyChain(entries, match.state.publishedHead!)).toEqual({ ok: true });
});

test('Trust has no report of its own: play writes the generic one', () => {
  expect(labGameOf('trust')!.artifacts).toBeUndefined();
});

test('every registered game has its lab module, under its own id, with a seat-check line-up the game accepts', () => {
  expect(gamesWithoutLabModule()).toEqual([]);
  expect([...labGames.keys()].sort()).toEqual(gameIds().sort());
  for (const [id, lab] of labGames) {
    expect(lab.game.id).toBe(id);
    const seats = lab.seatCheckOthers.length + 1;
    expect(seats).toBeGreaterThanOrEqual(lab.game.minPlayers);
    expect(seats).toBeLessThanOrEqual(lab.game.maxPlayers);
    for (const verb of lab.verbs?.values() ?? []) expect(verb.usage).toContain(` ${id}`);
  }
});

test('outside text never names a lab module through a prototype', () => {
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(labGameOf(name)).toBeUndefined();
});
