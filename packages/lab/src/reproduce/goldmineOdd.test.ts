import { expect, test } from 'bun:test';
import { goldmineOdd } from './goldmineOdd.ts';

test("goldmine-odd at small scale: 3 seeds, two factors; a factor's default gives the other factor's default figures, an inert factor is named, and the baselines raid less in the second half, the spec's stability criterion", async () => {
  const config = { ...goldmineOdd.config(3), factors: [{ key: 'truce', values: [1, 0] }, { key: 'cap', values: [3, 4] }] };
  const output = await goldmineOdd.run(config, { progress: () => {}, queue: null });
  const rows = output.csv.trimEnd().split('\n');
  expect(rows[0]).toBe('factor,value,seed,metric,whole,first_half,second_half');
  const metrics = new Set(rows.slice(1).map((r) => r.split(',')[3]));
  expect(rows.length - 1).toBe(2 * 2 * 3 * metrics.size);
  const at = (factor: string, value: string) => rows.filter((r) => r.startsWith(`${factor},${value},`)).map((r) => r.split(',').slice(2).join(','));
  expect(at('truce', '1')).toEqual(at('cap', '3'));
  expect(at('cap', '4')).not.toEqual(at('cap', '3'));
  // The baselines never raid a plot unowned at the round's start, so the truce on new claims never meets them
  expect(at('truce', '0')).toEqual(at('truce', '1'));
  expect(output.report).toContain('Every value of truce gives the same figures, run for run');
  expect(output.report).not.toContain('Every value of cap');
  const raid = output.summary.split('\n').find((line) => line.startsWith('| truce=1 | raidRate |'))!.split('|').map((c) => c.trim());
  expect(Number(raid[6])).toBeLessThan(Number(raid[5]));
  expect(output.report).toContain('## truce: 1, 0');
  expect(output.report).toContain('## cap: 3, 4');
  expect([...output.pictures.keys()]).toEqual(['turnover.png', 'raidRate.png', 'efficiency.png', 'idleStamina.png']);
});
