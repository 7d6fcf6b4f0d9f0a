import { describe, expect, test } from 'bun:test';
import { Match, type RoundRecord } from '../../engine/match.ts';
import { runMatchSync } from '../../engine/runner.ts';
import { metricRows } from '../../engine/runMetrics.ts';
import type { PlayedRun } from '../../engine/types.ts';
import { gini } from '../../stats/gini.ts';
import { cafeGame } from '../cafeGame.ts';
import { newCafe, playRound, seatOf } from '../cafeTestKit.ts';
import type { CafeState } from '../cafeTypes.ts';
import { toTokens } from '../cents.ts';
import { cafeStrategies } from '../strategies/cafeStrategies.ts';
import { cafeHistory } from './cafeHistory.ts';
import { cafeMetrics } from './cafeMetrics.ts';

const says = (text: string) => ({ response: `answer from ${text}` });

/**
 * Four rounds at a table of four, verdicts forced:
 * 1. ann gives dan 100; bob offers dan 1,000 at 50% for 1 round; dan rescues itself.
 * 2. dan takes bob's loan and gives ann 1,000 of it; cat offers ann 500 at 20% for 1 round.
 * 3. dan owes 1,500 and has about 1,026: default. ann takes cat's loan. cat, set at -5, is the worst: eliminated.
 * 4. ann repays cat 600 and resurrects it; everyone is alive again.
 */
function transcript(): PlayedRun<CafeState> {
  const rounds: PlayedRun<CafeState>['rounds'][number][] = [];
  let state = newCafe();
  const play = (decisions: Record<string, unknown>, judge: { best: string; worst: string }) => {
    const round = state.round;
    const step = playRound(state, decisions, judge);
    rounds.push({ round, events: step.events });
    state = step.state;
  };
  play(
    {
      ann: { ...says('ann'), market: [{ type: 'donate', to: 'dan', amount: 100 }] },
      bob: { ...says('bob'), market: [{ type: 'offer_loan', to: 'dan', amount: 1000, rate: 0.5, duration: 1 }] },
      dan: { ...says('dan'), market: [{ type: 'rescue' }] },
    },
    { best: 'ann', worst: 'dan' },
  );
  play(
    {
      dan: { ...says('dan'), market: [{ type: 'accept_loan', from: 'bob' }, { type: 'donate', to: 'ann', amount: 1000 }] },
      cat: { ...says('cat'), market: [{ type: 'offer_loan', to: 'ann', amount: 500, rate: 0.2, duration: 1 }] },
    },
    { best: 'bob', worst: 'cat' },
  );
  seatOf(state, 'cat').level = -5;
  play({ ann: { ...says('ann'), market: [{ type: 'accept_loan', from: 'cat' }] } }, { best: 'ann', worst: 'cat' });
  play({ ann: { ...says('ann'), market: [{ type: 'resurrect', target: 'cat' }] } }, { best: 'bob', worst: 'dan' });
  return { state, rounds };
}

const run = transcript();
const rows = metricRows(cafeMetrics, cafeHistory(run));
const triple = (metric: string) => {
  const r = rows.find((x) => x.metric === metric)!;
  return [r.whole, r.first, r.second];
};

describe('the four-round transcript (halves: rounds 1-2 | 3-4)', () => {
  test('the transcript went as written', () => {
    const types = run.rounds.map((r) => r.events.map((e) => e.type).filter((t) => !['interest', 'challenge', 'responses', 'verdict', 'bonuses', 'standings'].includes(t)));
    expect(types).toEqual([['donation', 'rescue', 'loan_offered'], ['loan_accepted', 'donation', 'loan_offered'], ['loan_defaulted', 'loan_accepted', 'eliminated'], ['loan_repaid', 'resurrection']]);
  });

  test('loans: made in rounds 2 and 3, one defaulted (round 3) and one repaid (round 4)', () => {
    expect(triple('loansMade')).toEqual([2, 1, 1]);
    expect(triple('loansRepaid')).toEqual([1, 0, 1]);
    expect(triple('loansDefaulted')).toEqual([1, 0, 1]);
    expect(triple('defaultRate')).toEqual([1 / 2, Number.NaN, 1 / 2]);
    expect(triple('loanRate')).toEqual([(0.5 + 0.2) / 2, 0.5, 0.2]);
  });

  test('donations: 2 gifts of 1,100 tokens, both in the first half', () => {
    expect(triple('donations')).toEqual([2, 2, 0]);
    expect(triple('donated')).toEqual([1100, 1100, 0]);
  });

  test('one rescue, one elimination, one resurrection', () => {
    expect(triple('rescues')).toEqual([1, 1, 0]);
    expect(triple('eliminations')).toEqual([1, 0, 1]);
    expect(triple('resurrections')).toEqual([1, 0, 1]);
  });

  test('group bonus: rounds 1, 2 and 4 (cat back before judging); round 3 as its bonuses event says', () => {
    const third = run.rounds[2]!.events.find((e) => e.type === 'bonuses')!.data!.group as number;
    const paid3 = third > 0 ? 1 : 0;
    expect(triple('groupBonus')).toEqual([(3 + paid3) / 4, 1, (1 + paid3) / 2]);
  });

  test('survivors and the final Gini are whole-run only: 4 alive, Gini of the living banks', () => {
    expect(triple('survivors')).toEqual([4, Number.NaN, Number.NaN]);
    const [whole, first, second] = triple('giniFinal');
    expect(whole).toBeCloseTo(gini(run.state.table.filter((p) => p.alive).map((p) => toTokens(p.cents))));
    expect([first, second]).toEqual([Number.NaN, Number.NaN]);
  });

  test('mean Gini: the living banks\' Gini after each round, averaged', () => {
    const series = new Map(cafeMetrics.series!(cafeHistory(run)).map((s) => [s.key, s.values]));
    const g = series.get('gini')!;
    expect(g).toHaveLength(4);
    expect(triple('giniMean')).toEqual([(g[0]! + g[1]! + g[2]! + g[3]!) / 4, (g[0]! + g[1]!) / 2, (g[2]! + g[3]!) / 2]);
    expect(series.get('survivors')).toEqual([4, 4, 3, 4]);
    expect(series.get('donated')).toEqual([100, 1000, 0, 0]);
  });
});

describe('a real match', () => {
  test('the five baseline strategies for 20 rounds: every metric is a number; wholeOnly ones have no halves', () => {
    // The lenders lend, so defaultRate and loanRate (NaN without a loan) have loans to read.
    const lineup = ['credit-union', 'free-rider', 'hoarder', 'predatory-lender', 'strategic-betrayer'];
    const players = lineup.map((_, i) => `p${i + 1}`);
    const match = Match.create(cafeGame, {}, 2, players, { log: false });
    const rounds: RoundRecord[] = [];
    runMatchSync(match, Object.fromEntries(players.map((p, i) => [p, cafeStrategies[lineup[i]!]!])), (record) => rounds.push(record));
    const h = cafeHistory({ state: match.state, rounds });
    const result = metricRows(cafeMetrics, h);
    expect(result.map((r) => r.metric)).toEqual(cafeMetrics.defs.map((d) => d.name));
    for (const r of result) {
      const halves = cafeMetrics.defs.find((d) => d.name === r.metric)!.wholeOnly !== true;
      expect([r.metric, Number.isFinite(r.whole), Number.isFinite(r.first), Number.isFinite(r.second)]).toEqual([r.metric, true, halves, halves]);
    }
    for (const name of cafeMetrics.headline) expect(cafeMetrics.defs.some((d) => d.name === name)).toBe(true);
    for (const s of cafeMetrics.series!(h)) expect(s.values.length).toBe(rounds.length);
  });
});
