import { describe, expect, test } from 'bun:test';
import { Match, type RoundRecord } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import { metricRows } from '../../engine/runMetrics.ts';
import type { PlayedRun } from '../../engine/types.ts';
import { gini } from '../../stats/gini.ts';
import { trustGame } from '../trustGame.ts';
import { trustStrategies } from '../trustStrategies.ts';
import type { TrustState } from '../trustTypes.ts';
import { trustHistory } from './trustHistory.ts';
import { trustMetrics } from './trustMetrics.ts';

/** A seeded headless match of named baseline strategies, every round recorded as the engine reports it. */
function played(config: Record<string, unknown>, lineup: Record<string, string>, seed = 1): PlayedRun<TrustState> {
  const match = Match.create(trustGame, config, seed, Object.keys(lineup), { log: false });
  const rounds: RoundRecord[] = [];
  runMatchSync(match, Object.fromEntries(Object.entries(lineup).map(([id, name]) => [id, trustStrategies[name]!])), (record) => rounds.push(record));
  return { state: match.state, rounds };
}

type Move = Record<string, unknown>;

/** Scripted rounds for A and B; a round marked `miss` has every HIGH_FIVE miss, the others none. */
function scripted(script: Array<{ A: Move; B: Move; miss?: boolean }>, config: Record<string, unknown> = {}): PlayedRun<TrustState> {
  let state = trustGame.setup(trustGame.configSchema.parse(config), 1, ['A', 'B']);
  const rounds: PlayedRun<TrustState>['rounds'][number][] = [];
  for (const { A, B, miss } of script) {
    const round = state.round;
    const step = trustGame.apply({ ...state, config: { ...state.config, missChance: miss ? 1 : 0 } }, { decisions: { A, B } });
    state = { ...step.state, config: state.config };
    rounds.push({ round, events: step.events });
  }
  return { state, rounds };
}

const row = (run: PlayedRun<TrustState>, metric: string) => metricRows(trustMetrics, trustHistory(run)).find((r) => r.metric === metric)!;
const triple = (run: PlayedRun<TrustState>, metric: string) => {
  const r = row(run, metric);
  return [r.whole, r.first, r.second];
};

const HF = { action: 'HIGH_FIVE' };
const ATT = { action: 'ATTACK' };
const NOTHING = { action: 'DO_NOTHING' };
const BLOCK = { action: 'BLOCK' };

describe('copycat vs always-cheat, 5 rounds, no misses', () => {
  // r1: A high-fives, B attacks (A 44, B 54); r2-r5: both attack each other (no change).
  const run = played({ missChance: 0, maxRounds: 5 }, { A: 'copycat', B: 'always-cheat' });

  test('cooperation: 1 high five in 10 acts, all of it in the first half (rounds 1-2 | 3-5)', () => {
    expect(triple(run, 'cooperation')).toEqual([1 / 10, 1 / 4, 0]);
  });

  test('the one landed high five was not returned; the second half has none to return (NaN)', () => {
    expect(triple(run, 'mutual')).toEqual([0, 0, Number.NaN]);
  });

  test('betrayal: B attacked the A that had just high-fived it, its only chance', () => {
    expect(triple(run, 'betrayal')).toEqual([1, 1, Number.NaN]);
  });

  test('no miss, so no feud rate; no beg; no replication', () => {
    expect(row(run, 'missFeuds').whole).toBeNaN();
    expect(triple(run, 'begs')).toEqual([0, 0, 0]);
    expect(triple(run, 'replications')).toEqual([0, 0, 0]);
  });

  test('sats: 44 and 54 after every round; the final Gini is whole-run only', () => {
    expect(triple(run, 'meanSats')).toEqual([49, 49, 49]);
    expect(triple(run, 'giniFinal')).toEqual([gini([44, 54]), Number.NaN, Number.NaN]);
  });

  test('series: one value per round', () => {
    const series = new Map(trustMetrics.series!(trustHistory(run)).map((s) => [s.key, s.values]));
    expect(series.get('cooperation')).toEqual([0.5, 0, 0, 0, 0]);
    expect(series.get('betrayal')).toEqual([Number.NaN, 1, Number.NaN, Number.NaN, Number.NaN]);
    expect(series.get('gini')!.every((g) => g === gini([44, 54]))).toBe(true);
  });
});

describe('misses and the feuds they start', () => {
  // A always high-fives. Misses in rounds 1, 4, 7 and 10.
  const run = scripted([
    { A: HF, B: NOTHING, miss: true }, // 1: miss; B answers in round 2 -> a feud
    { A: HF, B: ATT }, //                 2
    { A: HF, B: HF }, //                  3: mutual
    { A: HF, B: BLOCK, miss: true }, //   4: miss, but B attacked A in round 2: already at war, not counted
    { A: HF, B: HF }, //                  5
    { A: HF, B: HF }, //                  6
    { A: HF, B: NOTHING, miss: true }, // 7: miss, never answered in rounds 8-10
    { A: HF, B: HF }, //                  8
    { A: HF, B: HF }, //                  9
    { A: HF, B: NOTHING, miss: true }, // 10: miss in the last round: B cannot answer, not counted
  ]);

  test('the history keeps what A meant: a missed high five reads as an attack to B and as a high five in intent', () => {
    const act = trustHistory(run).rounds[0]!.acts.get('A')!;
    expect(act).toEqual({ unit: 'A', seen: 'ATTACK', target: 'B', chose: 'HIGH_FIVE', missed: true });
  });

  test('feuds: 1 of the 2 counted misses; round 1 in the first half, round 7 in the second', () => {
    expect(triple(run, 'missFeuds')).toEqual([1 / 2, 1, 0]);
  });

  test('cooperation counts the missed high fives: A 10, B 5 of 20 acts', () => {
    expect(row(run, 'cooperation').whole).toBe(15 / 20);
  });

  test('mutual: of 11 landed high fives (A 6, B 5) all but A\'s in round 2 were returned', () => {
    expect(row(run, 'mutual').whole).toBe(10 / 11);
  });

  test('betrayal: 11 chances (landed high fives with both still playing), none taken', () => {
    expect(row(run, 'betrayal').whole).toBe(0);
  });
});

describe('intent, begs and replication', () => {
  test('noise turns both high fives into DO_NOTHING: still cooperation, but nothing landed', () => {
    const run = scripted([{ A: HF, B: HF }], { noise: 1 });
    expect(row(run, 'cooperation').whole).toBe(1);
    expect(row(run, 'mutual').whole).toBeNaN();
  });

  test('begs are a share of acts', () => {
    const run = scripted([{ A: { action: 'BEG', amount: 5, reason: 'please' }, B: NOTHING }]);
    expect(row(run, 'begs').whole).toBe(1 / 2);
  });

  test('spawn: a REPLICATE adds a 25-sat unit to its team; the Gini is over teams', () => {
    const run = scripted([{ A: { action: 'REPLICATE' }, B: NOTHING }], { startSats: 100, replicate: 'spawn' });
    expect(row(run, 'replications').whole).toBe(1);
    expect(row(run, 'giniFinal').whole).toBeCloseTo(gini([50 + 25, 100]));
    expect(row(run, 'meanSats').whole).toBeCloseTo((50 + 25 + 100) / 3);
  });

  test('win: a REPLICATE ends the match and counts once', () => {
    const run = scripted([{ A: { action: 'REPLICATE' }, B: NOTHING }], { startSats: 100 });
    expect(run.state.result.kind).toBe('replicate');
    expect(row(run, 'replications').whole).toBe(1);
  });
});

describe('a real match', () => {
  test('four strategies with misses, noise and spawning: every metric is a number; only giniFinal lacks halves', () => {
    const run = played({ noise: 0.1, replicate: 'spawn', observer: 'grant' }, { a: 'copycat', b: 'random', c: 'copykitten', d: 'detective' }, 3);
    const rows = metricRows(trustMetrics, trustHistory(run));
    expect(rows.map((r) => r.metric)).toEqual(trustMetrics.defs.map((d) => d.name));
    for (const r of rows) {
      expect([r.metric, Number.isFinite(r.whole)]).toEqual([r.metric, true]);
      const wholeOnly = r.metric === 'giniFinal';
      expect([r.metric, Number.isFinite(r.first), Number.isFinite(r.second)]).toEqual([r.metric, !wholeOnly, !wholeOnly]);
    }
    for (const name of trustMetrics.headline) expect(trustMetrics.defs.some((d) => d.name === name)).toBe(true);
    for (const s of trustMetrics.series!(trustHistory(run))) expect(s.values.length).toBe(run.rounds.length);
  });
});
