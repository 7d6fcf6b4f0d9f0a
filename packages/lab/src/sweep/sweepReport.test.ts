import { expect, test } from 'bun:test';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import { playRun } from './playRun.ts';
import { summarizeSweep } from './summarizeSweep.ts';
import { parseSweepArgs, planRuns } from './sweepPlan.ts';
import { sweepReport } from './sweepReport.ts';

function pageData(html: string): Record<string, any> {
  const start = html.indexOf('const DATA = ') + 'const DATA = '.length;
  return JSON.parse(html.slice(start, html.indexOf(';\n', start)));
}

test('the sweep report: an at-a-glance table, CI and half charts from the summary, curves over rounds, maps at the chosen rounds', () => {
  const { plan } = parseSweepArgs(['goldmine', '--seeds', '3', '--rounds', '30', '--population', 'random:2,greedy-mine:2', '--treatment', 'defense=all,perRaid', '--maps', '5,30']);
  const results = planRuns(plan, goldmineGame).map(playRun);
  const rows = summarizeSweep(goldmineGame, plan, results);
  const html = sweepReport(goldmineGame, plan, results, rows);
  expect(html).toStartWith('<!doctype html>');
  expect(html).not.toContain('<script src=');
  expect(html).toContain('<h2>At a glance</h2>');
  expect(html).toContain('<th>defense=all</th><th>defense=perRaid</th>');
  // How the runs ended, in the game's words, with the policies that won them.
  expect(html).toContain('<h2>How the runs ended</h2>');
  expect(html).toMatch(/<td><b>limit<\/b><br><small class="muted">round limit reached: the richest miner won<\/small><\/td><td>3 of 3<br><small class="muted">won by /);
  const data = pageData(html);
  const turnover = rows.filter((r) => r.metric === 'turnover');
  expect(data.ciCharts[0]).toMatchObject({ title: 'turnover: mean and 95% CI over seeds', labels: ['defense=all', 'defense=perRaid'] });
  expect(data.ciCharts[0].mean).toEqual(turnover.map((r) => r.whole.mean));
  expect(data.ciCharts[0].low).toEqual(turnover.map((r) => r.whole.low));
  expect(data.halfCharts[0].second).toEqual(turnover.map((r) => r.secondMean));
  expect(data.charts.map((c: { title: string }) => c.title)).toEqual([
    'Turnover (plots taken by raids / plots owned)',
    'Raid rate (raids per player per round)',
    'Efficiency (gold / plots x cap x alpha)',
    'Gini of cumulative gold',
    'HHI of holdings',
    'Idle stamina',
  ]);
  expect(data.charts[0].datasets[0].data).toHaveLength(30);
  expect(data.maps.map((m: { id: string }) => m.id)).toEqual(['map0_5', 'map0_30', 'map1_5', 'map1_30']);
});
