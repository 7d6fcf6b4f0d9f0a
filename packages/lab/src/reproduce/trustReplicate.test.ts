import { expect, test } from 'bun:test';
import { trustReplicate } from './trustReplicate.ts';

/** A summary row's cells: treatment, metric, n, mean [CI], 1st half, 2nd half, ... */
const cells = (summary: string, treatment: string, metric: string) => summary.split('\n').find((line) => line.startsWith(`| ${treatment} | ${metric} |`))!.split('|').map((c) => c.trim()).slice(1);

test('trust-replicate at small scale: 3 seeds, noise 0 and 10%; Always Cooperate is exploited (it scores below Always Cheat) without noise', async () => {
  const config = { ...trustReplicate.config(3), factors: [{ key: 'noise', values: [0, 0.1] }], headline: ['cooperation', 'score:always-cooperate', 'score:always-cheat'] };
  const output = await trustReplicate.run(config, { progress: () => {}, queue: null });
  const rows = output.csv.trimEnd().split('\n');
  expect(rows[0]).toBe('factor,value,seed,metric,whole,first_half,second_half');
  expect(rows.filter((r) => r.startsWith('noise,0.1,3,cooperation,'))).toHaveLength(1);
  const mean = (metric: string) => Number(cells(output.summary, 'noise=0', metric)[3]!.split(' ')[0]);
  expect(mean('score:always-cooperate')).toBeLessThan(mean('score:always-cheat'));
  expect(output.report).toContain('## noise: 0, 0.1');
  expect([...output.pictures.keys()]).toEqual(['cooperation.png', 'score-always-cooperate.png', 'score-always-cheat.png']);
});
