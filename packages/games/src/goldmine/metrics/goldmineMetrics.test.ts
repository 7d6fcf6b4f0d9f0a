import { describe, expect, test } from 'bun:test';
import { defenseTriggerRate, raidRate, raidSuccessRate, stableHolderRaids } from './conflict.ts';
import { gini } from '../../stats/gini.ts';
import { giniOfGold, hhi, hhiOfHoldings } from './concentration.ts';
import { efficiency, idleStamina, staminaShare, staminaShareDrift } from './efficiency.ts';
import { roundSeries, runMetrics } from './goldmineMetrics.ts';
import { flipHistory, handHistory as h } from './metricsFixtures.ts';
import { roundCounts } from './roundCounts.ts';
import { ownershipSpells, propertyHalfLife, turnoverRate } from './stability.ts';

const all = { from: 1, to: 4 };
const first = { from: 1, to: 2 };
const second = { from: 3, to: 4 };

describe('metrics on the hand-played history', () => {
  test('per-round tallies', () => {
    expect(roundCounts(h).map((c) => [c.ownedAtStart, c.captures, c.raids, c.defended, c.defendedRaided, c.output, c.idle])).toEqual([
      [0, 0, 0, 0, 0, 0, 5],
      [3, 1, 1, 1, 0, 6, 0],
      [3, 0, 1, 1, 1, 5, 1],
      [3, 0, 0, 0, 0, 6, 2],
    ]);
  });

  test('turnover: 1 plot changed hands out of 9 plot-rounds owned; all of it in the first half', () => {
    expect(turnoverRate(h, all)).toBeCloseTo(1 / 9);
    expect(turnoverRate(h, first)).toBeCloseTo(1 / 3);
    expect(turnoverRate(h, second)).toBe(0);
  });

  test('raid rate, defense trigger rate and raid success rate', () => {
    expect(raidRate(h, all)).toBe(2 / 8);
    expect(defenseTriggerRate(h, all)).toBe(1 / 2);
    expect(defenseTriggerRate(h, first)).toBe(0);
    expect(raidSuccessRate(h, all)).toBe(1 / 2);
    expect(raidSuccessRate(h, second)).toBe(0);
  });

  test('efficiency against plots x cap, and idle stamina', () => {
    expect(efficiency(h, all)).toBeCloseTo(17 / 48);
    expect(efficiency(h, second)).toBeCloseTo(11 / 24);
    expect(idleStamina(h, all)).toBe(8 / 32);
  });

  test('stamina shares of what was spent', () => {
    expect(['claim', 'raid', 'defend', 'mine'].map((c) => staminaShare(h, all, c as 'claim'))).toEqual([3 / 24, 2 / 24, 2 / 24, 17 / 24]);
  });

  test('stamina shares converge: mean L1 distance between consecutive rounds\' shares', () => {
    // shares (claim, raid, defend, mine): r1 (1,0,0,0), r2 (0,1/8,1/8,6/8), r3 (0,1/7,1/7,5/7), r4 (0,0,0,1)
    // distances: r1->r2 2, r2->r3 1/14, r3->r4 4/7
    expect(staminaShareDrift(h, all)).toBeCloseTo(37 / 42);
    expect(staminaShareDrift(h, first)).toBeCloseTo(2);
    expect(staminaShareDrift(h, second)).toBeCloseTo(4 / 7);
    expect(staminaShareDrift(h, { from: 3, to: 3 })).toBeNaN();
  });

  test('Gini of gold and HHI of holdings', () => {
    expect(gini([9, 8])).toBeCloseTo(1 / 34);
    expect(gini([0, 0, 10])).toBeCloseTo(2 / 3);
    expect(gini([0, 0])).toBe(0);
    expect(giniOfGold(h, all)).toBeCloseTo(1 / 34);
    expect(giniOfGold(h, second)).toBeCloseTo(gini([6, 5]));
    expect(hhi([0, 0, 1, -1], 2)).toBeCloseTo(5 / 9);
    expect(hhiOfHoldings(h, all)).toBeCloseTo(5 / 9);
  });

  test('no plot is held 10 rounds here, so no raid hits a stable holder', () => {
    expect(stableHolderRaids(h, all)).toBe(0);
  });

  test('per-round series for the charts: each round alone, Gini of cumulative gold, HHI after the round', () => {
    const s = roundSeries(h);
    expect(s.turnover).toEqual([0, 1 / 3, 0, 0]);
    expect(s.raidRate).toEqual([0, 0.5, 0.5, 0]);
    expect(s.efficiency).toEqual([0, 6 / 12, 5 / 12, 6 / 12]);
    expect(s.gini[0]).toBe(0);
    expect(s.gini[1]).toBe(0);
    expect(s.gini[2]).toBeCloseTo(gini([6, 5]));
    expect(s.gini[3]).toBeCloseTo(1 / 34);
    expect(s.idle).toEqual([5 / 8, 0, 1 / 8, 2 / 8]);
    expect(s.hhi.every((x) => Math.abs(x - 5 / 9) < 1e-12)).toBe(true);
  });

  test('an odd number of rounds gives the extra round to the second half; a 1-round match has no first half', () => {
    const three = { ...h, logs: h.logs.slice(0, 3) };
    expect(runMetrics(three).find((r) => r.metric === 'raidRate')).toEqual({ metric: 'raidRate', whole: 2 / 6, first: 0, second: 2 / 4 });
    const one = runMetrics({ ...h, logs: h.logs.slice(0, 1) }).find((r) => r.metric === 'efficiency')!;
    expect([one.whole, one.first, one.second]).toEqual([0, Number.NaN, 0]);
  });

  test('runMetrics gives every metric for the whole match and both halves', () => {
    const rows = runMetrics(h);
    expect(rows.find((r) => r.metric === 'turnover')).toEqual({ metric: 'turnover', whole: 1 / 9, first: 1 / 3, second: 0 });
    expect(rows.map((r) => r.metric)).toContain('stableRaids');
  });
});

describe('property half-life', () => {
  test('ownership spells are read off the maps', () => {
    expect(ownershipSpells(flipHistory())).toEqual([
      { plot: 0, owner: 0, start: 1, end: 2 },
      { plot: 0, owner: 1, start: 2, end: 4 },
      { plot: 0, owner: 0, start: 4, end: null },
    ]);
  });

  test('Kaplan-Meier median: spells of 1 and 2 rounds and one censored at 2 give 2', () => {
    // t=1: 3 at risk, 1 ends: S = 2/3. t=2: 2 at risk, 1 ends: S = 1/3 <= 1/2.
    expect(propertyHalfLife(flipHistory(), { from: 1, to: 6 })).toBe(2);
    expect(propertyHalfLife(flipHistory(), { from: 4, to: 6 })).toBe(2);
  });

  test('when fewer than half the spells end, the median is not reached: Infinity', () => {
    expect(propertyHalfLife(h, all)).toBe(Infinity);
  });

  test('no plot held in the window: NaN', () => {
    expect(propertyHalfLife({ ...h, logs: h.logs.map((l) => ({ ...l, owner: [-1, -1, -1, -1] })) }, all)).toBeNaN();
  });
});

const spendNone = () => ({ claim: 0, raid: 0, defend: 0, mine: 0 });

describe('raids on stable holders', () => {
  test('a raid on a plot held since round 1 counts from round 11 on', () => {
    const logs = Array.from({ length: 11 }, (_, i) => ({
      round: i + 1,
      claims: [],
      raids: i >= 9 ? [{ plot: 0, owner: 0, by: [1], defended: true, truce: false, blocked: [1], winner: -1 }] : [],
      defended: i >= 9 ? [0] : [],
      owner: [0],
      gold: [0, 0],
      gained: [0, 0],
      spent: [
        { claim: 0, raid: 0, defend: 0, mine: 0 },
        { claim: 0, raid: 0, defend: 0, mine: 0 },
      ],
    }));
    const stable = { players: 2, plots: 1, stamina: 1, cap: 3, alpha: 1, logs };
    expect(roundCounts(stable).map((c) => c.stableRaids)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(stableHolderRaids(stable, { from: 1, to: 11 })).toBe(1 / 11);
  });

  test('a capture restarts the tenure: the new holder is stable only 10 rounds after taking the plot', () => {
    const logs = Array.from({ length: 16 }, (_, i) => {
      const round = i + 1;
      const owner = round >= 5 ? 1 : 0;
      const raids =
        round === 5
          ? [{ plot: 0, owner: 0, by: [1], defended: false, truce: false, blocked: [], winner: 1 }]
          : round >= 14
            ? [{ plot: 0, owner: 1, by: [0], defended: true, truce: false, blocked: [0], winner: -1 }]
            : [];
      return { round, claims: [], raids, defended: round >= 14 ? [0] : [], owner: [owner], gold: [0, 0], gained: [0, 0], spent: [spendNone(), spendNone()] };
    });
    const counts = roundCounts({ players: 2, plots: 1, stamina: 1, cap: 3, alpha: 1, logs });
    // Held by seat 1 from round 5: 9 rounds at the start of round 14, 10 at the start of round 15.
    expect(counts.map((c) => c.stableRaids)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
  });
});
