import { expect, test } from 'bun:test';
import { caseTournament, evolutionOfTrust } from './evolutionOfTrust.ts';

const quiet = { progress: () => {}, queue: null };

test("Case's one tournament: Copycat wins (10 rounds, each character once)", () => {
  const scores = caseTournament(['copycat', 'cheater', 'cooperator', 'grudger', 'detective'], 10);
  expect([...scores].sort((a, b) => b[1] - a[1])[0]![0]).toBe('copycat');
});

test('evolution-of-trust at small scale: one seed, 30 generations, 0% and 20% mistakes; Copycat leads at 0%, Always Cheat takes over at 20%', async () => {
  const config = { ...evolutionOfTrust.config(1), generations: 30, mistakes: { ...evolutionOfTrust.config(1).mistakes, rates: [0, 0.2] } };
  const output = await evolutionOfTrust.run(config, quiet);
  const rows = output.csv.trimEnd().split('\n');
  expect(rows[0]).toBe('stage,mistake_rate,seed,generation,strategy,measure,value');
  // 5 tournament scores; 31 censuses of 3 strategies (the first evolution), 2 rates x 31 censuses of 5
  expect(rows.length - 1).toBe(5 + 31 * 3 + 2 * 31 * 5);
  // Without mistakes Copycat and Copykitten play alike once the others are gone, so a few Copykittens stay
  expect(rows).toContain('mistakes,0,1,30,copycat,count,20');
  expect(rows).toContain('mistakes,0,1,30,copykitten,count,5');
  expect(rows).toContain('mistakes,0.2,1,30,cheater,count,25');
  expect(output.summary).toMatch(/^0% +"At 0%, the fair Copycat wins!" +copycat leads in 1 of 1 seeds \(all 25 in 0\) +yes$/m);
  expect(output.summary).toMatch(/^20% .*cheater leads in 1 of 1 seeds .* yes$/m);
  expect(output.report).toContain('## Which strategy takes over, by mistake rate');
  expect([...output.pictures.keys()]).toEqual(['evolution.png', 'mistakes-0.png', 'mistakes-20.png', 'mistakes-final.png']);
  for (const name of output.pictures.keys()) expect(output.report).toContain(`(${name})`);
});
