import { describe, expect, test } from 'bun:test';
import { Match, type RoundRecord } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import { metricRows } from '../../engine/runMetrics.ts';
import type { PlayedRun } from '../../engine/types.ts';
import { matrixConfigSchema } from '../matrixConfig.ts';
import { matrixGame } from '../matrixGame.ts';
import type { MatrixState } from '../matrixTypes.ts';
import { matrixHistory } from './matrixHistory.ts';
import { matrixMetrics } from './matrixMetrics.ts';

/** A seeded headless match of named strategies, every round recorded as the engine reports it. */
function played(config: Record<string, unknown>, lineup: Record<string, string>, seed = 1): PlayedRun<MatrixState> {
  const match = Match.create(matrixGame, matrixConfigSchema.parse(config), seed, Object.keys(lineup), { log: false });
  const rounds: RoundRecord[] = [];
  runMatchSync(match, Object.fromEntries(Object.entries(lineup).map(([id, name]) => [id, matrixGame.strategies[name]!])), (r) => rounds.push(r));
  return { state: match.state as MatrixState, rounds };
}

/** Scripted rounds for two players, each a pair of moves (`CD`: A cooperates, B defects). */
function scripted(moves: string[], config: Record<string, unknown> = {}): PlayedRun<MatrixState> {
  let state = matrixGame.setup(matrixConfigSchema.parse({ rounds: moves.length, ...config }), 1, ['A', 'B']);
  const rounds: PlayedRun<MatrixState>['rounds'][number][] = [];
  for (const m of moves) {
    const round = state.round;
    const step = matrixGame.apply(state, { decisions: { A: { action: m[0] }, B: { action: m[1] } } });
    state = step.state;
    rounds.push({ round, events: step.events });
  }
  return { state, rounds };
}

const triple = (run: PlayedRun<MatrixState>, metric: string) => {
  const r = metricRows(matrixMetrics, matrixHistory(run)).find((x) => x.metric === metric)!;
  return [r.whole, r.first, r.second];
};

describe('tit-for-tat against always-defect, 4 rounds', () => {
  // Round 1: C/D (0 and 5); rounds 2-4: D/D (1 each). Halves: rounds 1-2 | 3-4.
  const run = played({ rounds: 4 }, { A: 'tit-for-tat', B: 'always-defect' });

  test('cooperation: 1 C in 8 moves, all in the first half', () => {
    expect(triple(run, 'cooperation')).toEqual([1 / 8, 1 / 4, 0]);
  });

  test('mutual cooperation none; mutual defection 3 of 4 games', () => {
    expect(triple(run, 'mutual')).toEqual([0, 0, 0]);
    expect(triple(run, 'mutualDefection')).toEqual([3 / 4, 1 / 2, 1]);
  });

  test('points per move and efficiency against the best cell (3 + 3)', () => {
    expect(triple(run, 'meanPayoff')).toEqual([(5 + 6) / 8, (5 + 2) / 4, 1]);
    expect(triple(run, 'efficiency')).toEqual([11 / 24, 7 / 12, 2 / 6]);
  });

  test('retaliation: every move after a D that landed was a D; no betrayal without mutual cooperation first', () => {
    expect(triple(run, 'retaliation')).toEqual([1, 1, 1]);
    expect(triple(run, 'betrayal')[0]).toBeNaN();
  });

  test('no noise, no fallback; 4 rounds, whole run only', () => {
    expect(triple(run, 'noiseFlips')).toEqual([0, 0, 0]);
    expect(triple(run, 'fallbacks')).toEqual([0, 0, 0]);
    expect(triple(run, 'rounds')).toEqual([4, Number.NaN, Number.NaN]);
  });

  test('series: one value per round', () => {
    const series = new Map(matrixMetrics.series!(matrixHistory(run)).map((s) => [s.key, s.values]));
    expect(series.get('cooperation')).toEqual([0.5, 0, 0, 0]);
    expect(series.get('meanPayoff')).toEqual([2.5, 1, 1, 1]);
  });
});

describe('betrayal, intent under noise, fallbacks', () => {
  test('betrayal: a D meant right after mutual cooperation', () => {
    // CC, CC, DC, CD: B's chances after rounds 1-2 (mutual C): rounds 2 and 3; A's too. A betrays in round 3.
    const run = scripted(['CC', 'CC', 'DC', 'CD']);
    expect(triple(run, 'betrayal')[0]).toBe(1 / 4);
  });

  test('noise: a flipped C still counts as cooperation; the flip is counted; nothing landed as mutual', () => {
    const run = scripted(['CC'], { noise: 0.5 });
    const flips = run.rounds[0]!.events.filter((e) => e.type === 'noise').length;
    expect(flips).toBeGreaterThan(0);
    expect(triple(run, 'cooperation')[0]).toBe(1);
    expect(triple(run, 'noiseFlips')[0]).toBe(flips / 2);
    expect(triple(run, 'mutual')[0]).toBe(0);
  });

  test('fallbacks: answers the House replaced, per answer due', () => {
    let state = matrixGame.setup(matrixConfigSchema.parse({ rounds: 2 }), 1, ['A', 'B', 'C']);
    const rounds: PlayedRun<MatrixState>['rounds'][number][] = [];
    for (const decisions of [{ A: { action: 'C' }, B: { action: 'X' } }, { A: { action: 'C' }, B: { action: 'C' }, C: { action: 'D' } }]) {
      const round = state.round;
      const step = matrixGame.apply(state, { decisions });
      state = step.state;
      rounds.push({ round, events: step.events });
    }
    expect(triple({ state, rounds }, 'fallbacks')).toEqual([2 / 6, 2 / 3, 0]);
  });
});

describe('a real match', () => {
  test('a round robin of five under noise: every metric a number; rounds has no halves', () => {
    const run = played({ noise: 0.05, rounds: 60 }, { a: 'tit-for-tat', b: 'random', c: 'pavlov', d: 'joss', e: 'grudger' }, 3);
    const rows = metricRows(matrixMetrics, matrixHistory(run));
    expect(rows.map((r) => r.metric)).toEqual(matrixMetrics.defs.map((d) => d.name));
    for (const r of rows) {
      expect([r.metric, Number.isFinite(r.whole)]).toEqual([r.metric, true]);
      const halves = r.metric !== 'rounds';
      expect([r.metric, Number.isFinite(r.first), Number.isFinite(r.second)]).toEqual([r.metric, halves, halves]);
    }
    for (const name of matrixMetrics.headline) expect(matrixMetrics.defs.some((d) => d.name === name)).toBe(true);
    for (const s of matrixMetrics.series!(matrixHistory(run))) expect(s.values.length).toBe(run.rounds.length);
  });
});
