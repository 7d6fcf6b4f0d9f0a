import { expect, test } from 'bun:test';
import { axelrodTournament } from './axelrodTournament.ts';

test("axelrod-tournament at small scale: five classics, one repetition, with and without noise; without noise Tit for Tat outscores Always Defect, as in Axelrod's tournaments", async () => {
  const config = { ...axelrodTournament.config(1), strategies: ['tit-for-tat', 'always-defect', 'always-cooperate', 'grudger', 'pavlov'] };
  const output = await axelrodTournament.run(config, { progress: () => {}, queue: null });
  const rows = output.csv.trimEnd().split('\n');
  expect(rows[0]).toBe('noise,match,strategy,opponent,score,won');
  // 15 pairings (self-pairs too) at 2 noise levels, a row per side
  expect(rows.length - 1).toBe(2 * 15 * 2);
  expect(rows).toContain('0,"noise 0: tit-for-tat vs always-defect #1",tit-for-tat,always-defect,199,0');
  const quiet = output.summary.split('\n')[0]!;
  expect(quiet.indexOf('tit-for-tat')).toBeLessThan(quiet.indexOf('always-defect'));
  expect(output.summary).toMatch(/^noise 5%: /m);
  expect(output.report).toContain('## Noise 0%');
  expect(output.report).toContain('## Noise 5%');
  expect([...output.pictures.keys()]).toEqual(['scores.png']);
});
