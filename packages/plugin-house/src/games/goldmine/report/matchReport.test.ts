import { expect, test } from 'bun:test';
import { Match } from '../../../engine/match.ts';
import { runMatchSync } from '../../../engine/runner.ts';
import { goldmineGame } from '../goldmineGame.ts';
import { roundLogsFromEvents } from './matchReport.ts';

test('a played match gives a self-contained HTML report through the game\'s hook', async () => {
  const players = ['r', 'g', 'd', 't'];
  const names = ['random', 'greedy-mine', 'defend-then-mine', 'tit-for-tat-raid'];
  const match = Match.create(goldmineGame, { rounds: 12, size: 5 }, 4, players);
  runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, goldmineGame.strategies[names[i]!]!])));
  const entries = match.log!.entries;
  expect(roundLogsFromEvents(entries).map((l) => l.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  const html = (await goldmineGame.artifacts!(match.state, entries))['report.html']!;
  expect(html).toStartWith('<!doctype html>');
  expect(html).toContain('<canvas id="gold">');
  expect(html).toContain('<div id="map12">');
  expect(html).toContain('Chart');
  expect(html).not.toContain('<script src=');
});
