import { expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import { playGoldmineMatch } from '@the-house/games/goldmine/playGoldmineMatch.ts';
import { roundLogsFromEvents } from '@the-house/games/goldmine/roundLogsFromEvents.ts';
import { labGameOf } from '../labGames.ts';
import { goldmineMatchReport } from './matchReport.ts';

const players = ['r', 'g', 'd', 't'];
const names = ['random', 'greedy-mine', 'defend-then-mine', 'tit-for-tat-raid'];

/** The `DATA` object a report page embeds. */
function pageData(html: string): Record<string, any> {
  const start = html.indexOf('const DATA = ') + 'const DATA = '.length;
  return JSON.parse(html.slice(start, html.indexOf(';\n', start)));
}

test('a played match gives a self-contained HTML report through the game\'s hook', async () => {
  const config = goldmineGame.configSchema.parse({ rounds: 12, size: 5 });
  const match = Match.create(goldmineGame, config, 4, players);
  runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, goldmineGame.strategies[names[i]!]!])));
  const entries = match.log!.entries;
  const logs = roundLogsFromEvents(entries);
  expect(logs).toEqual(playGoldmineMatch(config, 4, players.map((id, i) => ({ id, strategy: goldmineGame.strategies[names[i]!]! }))).logs);
  const html = labGameOf('goldmine')!.artifacts!(match.state, entries)['report.html']!;
  expect(html).toStartWith('<!doctype html>');
  for (const id of ['gold', 'turnover', 'raids', 'efficiency', 'gini']) expect(html).toContain(`<canvas id="${id}">`);
  expect(html).toContain('<div id="map12">');
  expect(html).toContain('<input type="range" id="timeline-round"');
  expect(html).not.toContain('<script src=');
  const data = pageData(html);
  expect(data.timeline.rounds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(data.timeline.maps[11]).toBe(match.state.owner.map((o: number) => (o < 0 ? '.' : 'ABCD'[o])).join(''));
  expect(data.charts.find((c: { id: string }) => c.id === 'gold').datasets[1].data.at(-1)).toBe(match.state.gold[1]);
});

test('maps at chosen rounds; a long match keeps every k-th round on the slider', () => {
  const config = goldmineGame.configSchema.parse({ rounds: 2500, size: 10 });
  const { state, logs } = playGoldmineMatch(config, 1, players.map((id, i) => ({ id, strategy: goldmineGame.strategies[names[i]!]! })));
  const data = pageData(goldmineMatchReport(state, logs, [10, 2000, 9999]));
  expect(data.maps.map((m: { id: string }) => m.id)).toEqual(['map10', 'map2000']);
  expect(data.timeline.rounds.slice(0, 3)).toEqual([1, 3, 5]);
  expect(data.timeline.rounds.at(-1)).toBe(2500);
});
