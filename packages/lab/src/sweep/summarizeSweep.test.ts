import { expect, test } from 'bun:test';
import { goldmineGame } from '@the-house/games/goldmine/goldmineGame.ts';
import type { RunResult } from './runSpec.ts';
import { resultsCsv, summarizeSweep, summaryCsv, summaryMarkdown } from './summarizeSweep.ts';
import type { SweepPlan } from './sweepPlan.ts';

const plan: SweepPlan = { game: 'goldmine', seeds: 3, rounds: 10, players: 2, population: [{ name: 'greedy-mine', count: 2 }], treatments: [{ key: 'truce', values: [1, 2] }], snapshots: [] };

/** Runs whose turnover falls from first to second half by 0.1, 0.2 and 0.3 under truce 1, and does not move under truce 2. */
function result(truce: number, seed: number): RunResult {
  const first = 0.5;
  const second = truce === 1 ? first - seed / 10 : first;
  return {
    id: `truce=${truce}#${seed}`,
    treatment: { truce },
    seed,
    lineup: ['greedy-mine', 'greedy-mine'],
    metrics: [
      { metric: 'turnover', whole: (first + second) / 2, first, second },
      { metric: 'halfLife', whole: seed === 1 ? 7 : Infinity, first: Infinity, second: Infinity },
    ],
    series: [],
    snapshots: {},
    scores: [0, 0],
    winners: [],
    rounds: 10,
    kind: 'limit',
  };
}

const results = [2, 1].flatMap((truce) => [3, 1, 2].map((seed) => result(truce, seed)));

test('per treatment: mean with its t interval, half means, the paired test and the verdict against the ODD', () => {
  const rows = summarizeSweep(goldmineGame, plan, results);
  expect(rows.map((r) => `${r.treatment} ${r.metric}`)).toEqual(['truce=1 turnover', 'truce=1 halfLife', 'truce=2 turnover', 'truce=2 halfLife']);
  const falling = rows[0]!;
  // whole: 0.45, 0.40, 0.35: mean 0.40, s 0.05, half-width t(0.975, 2) x 0.05 / sqrt 3 = 4.302653 x 0.0288675 = 0.1242069.
  expect(falling.whole.mean).toBeCloseTo(0.4, 12);
  expect(falling.whole.high - falling.whole.mean).toBeCloseTo(0.1242069, 6);
  expect([falling.firstMean, falling.secondMean]).toEqual([0.5, 0.3]);
  // d = -0.1, -0.2, -0.3: mean -0.2, s 0.1, t = -0.2 / (0.1 / sqrt 3) = -3.4641, p = 1 - 3.4641 / sqrt(2 + 12) = 0.0742.
  expect(falling.halves.t).toBeCloseTo(-3.4641016, 6);
  expect(falling.halves.p).toBeCloseTo(1 - Math.sqrt(12) / Math.sqrt(14), 10);
  expect([falling.expect, falling.verdict]).toEqual(['lower', 'n.s.']);
  expect(rows[2]!.halves).toEqual({ n: 3, meanDiff: 0, t: 0, df: 2, p: 1 });
  expect(rows[1]!.whole).toMatchObject({ n: 1, mean: 7, infinite: 2 });
  expect(rows[1]!.verdict).toBe('n/a');
});

test('CSV: one row per run and metric in plan order; summary CSV and Markdown carry the same figures', () => {
  const csv = resultsCsv(plan, results).trim().split('\n');
  expect(csv[0]).toBe('run,seed,truce,metric,whole,first_half,second_half');
  expect(csv.slice(1, 3)).toEqual(['truce=1#1,1,1,turnover,0.45,0.5,0.4', 'truce=1#1,1,1,halfLife,7,Inf,Inf']);
  expect(csv).toHaveLength(1 + 12);
  const rows = summarizeSweep(goldmineGame, plan, results);
  const summary = summaryCsv(rows).trim().split('\n');
  expect(summary[0]).toBe('treatment,metric,n,infinite,mean,ci95_low,ci95_high,first_half_mean,second_half_mean,pairs,paired_diff,t,df,p,expected,verdict');
  expect(summary[1]).toBe('truce=1,turnover,3,0,0.4,0.275793,0.524207,0.5,0.3,3,-0.2,-3.4641,2,0.0741799,lower,n.s.');
  const md = summaryMarkdown(rows).trim().split('\n');
  expect(md[2]).toBe('| truce=1 | turnover | 3 | 0.4000 [0.2758, 0.5242] | 0.5000 | 0.3000 | -3.464 (0.074) | lower | n.s. |');
  expect(md[3]).toBe('| truce=1 | halfLife | 1 | 7.000 (Inf in 2 runs) | - | - | - | higher | n/a |');
});
