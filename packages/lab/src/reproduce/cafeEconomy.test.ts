import { expect, test } from 'bun:test';
import { cafeEconomy } from './cafeEconomy.ts';

/** A summary row's cells: treatment, metric, n, mean [CI], 1st half, 2nd half, ... */
const cells = (summary: string, treatment: string, metric: string) => summary.split('\n').find((line) => line.startsWith(`| ${treatment} | ${metric} |`))!.split('|').map((c) => c.trim()).slice(1);
const mean = (summary: string, treatment: string, metric: string) => Number(cells(summary, treatment, metric)[3]!.split(' ')[0]);

test('cafe-economy at small scale: 3 seeds, interest 0 and 10%; free riders end richer than the credit union, interest makes every bank bigger, and inequality grows from the first half to the second', async () => {
  const config = { ...cafeEconomy.config(3), factors: [{ key: 'interestRate', values: [0, 0.1] }], headline: ['giniMean', 'score:free-rider', 'score:credit-union'] };
  const output = await cafeEconomy.run(config, { progress: () => {}, queue: null });
  const rows = output.csv.trimEnd().split('\n');
  expect(rows[0]).toBe('factor,value,seed,metric,whole,first_half,second_half');
  expect(rows.filter((r) => r.startsWith('interestRate,0.1,2,giniMean,'))).toHaveLength(1);
  for (const rate of ['interestRate=0', 'interestRate=0.1']) expect(mean(output.summary, rate, 'score:free-rider')).toBeGreaterThan(mean(output.summary, rate, 'score:credit-union'));
  expect(mean(output.summary, 'interestRate=0.1', 'score:credit-union')).toBeGreaterThan(mean(output.summary, 'interestRate=0', 'score:credit-union'));
  const gini = cells(output.summary, 'interestRate=0', 'giniMean');
  expect(Number(gini[5])).toBeGreaterThan(Number(gini[4]));
  expect([...output.pictures.keys()]).toEqual(['giniMean.png', 'score-free-rider.png', 'score-credit-union.png']);
});
