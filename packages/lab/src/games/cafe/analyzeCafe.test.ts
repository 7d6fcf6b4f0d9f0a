import { describe, expect, test } from 'bun:test';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { cafeGame } from '@the-house/games/cafe/cafeGame.ts';
import { analyzeCafe, type CafeLogEntry } from '@the-house/games/cafe/analysis/analyzeCafe.ts';
import { cafeReportHtml } from './cafeReportHtml.ts';
import { cafeReportMarkdown } from './cafeReportMarkdown.ts';

const log: CafeLogEntry[] = [
  { round: 1, type: 'loan_offered', data: { lender: 'a', borrower: 'b', amount: 500, rate: 0.3, duration: 2 } },
  { round: 1, type: 'donation', data: { from: 'c', to: 'b', amount: 200 } },
  { round: 1, type: 'move_refused', data: { player: 'b', why: 'secret' }, to: ['b'] },
  { round: 1, type: 'verdict', data: { best: 'a', worst: 'b' } },
  { round: 1, type: 'standings', data: { players: { a: { tokens: 1950, level: 1, alive: true }, b: { tokens: 1650, level: -1, alive: true }, c: { tokens: 1250, level: 0, alive: true } } } },
  { round: 2, type: 'loan_offered', data: { lender: 'c', borrower: 'b', amount: 100, rate: 0.1, duration: 2 } },
  { round: 2, type: 'loan_accepted', data: { lender: 'a', borrower: 'b', amount: 500, rate: 0.3 } },
  { round: 2, type: 'verdict', data: { best: 'a', worst: 'b' } },
  { round: 2, type: 'eliminated', data: { player: 'b' } },
  { round: 2, type: 'standings', data: { players: { a: { tokens: 2000, level: 2, alive: true }, b: { tokens: 900, level: -6, alive: false }, c: { tokens: 1000, level: 0, alive: true } } } },
  { round: 4, type: 'loan_defaulted', data: { lender: 'a', borrower: 'b', owed: 650, why: 'eliminated (frozen bank)' } },
  { round: 4, type: 'resurrection', data: { by: 'c', target: 'b' } },
  { round: 4, type: 'match_over', data: { kind: 'ranked', winners: ['a'] } },
];

describe('analyzeCafe', () => {
  test('answers the research questions from the public log', () => {
    const a = analyzeCafe(log);
    expect(a.players).toEqual(['a', 'b', 'c']);
    expect(a.help).toEqual({ c: { b: { donated: 200, lent: 0 } }, a: { b: { donated: 0, lent: 500 } } });
    expect(a.rates).toEqual({ count: 2, mean: 0.2, median: 0.2, min: 0.1, max: 0.3 });
    expect(a.loans).toEqual({ accepted: 1, repaid: 0, defaulted: 1 });
    expect(a.defaults).toEqual([{ round: 4, lender: 'a', borrower: 'b', owed: 650, why: 'eliminated (frozen bank)' }]);
    expect(a.resurrections).toEqual([{ round: 4, by: 'c', target: 'b' }]);
    expect(a.wealth.map((w) => [w.round, w.alive, Number(w.gini.toFixed(4))])).toEqual([
      [1, ['a', 'b', 'c'], 0.0962],
      [2, ['a', 'c'], 0.1667],
    ]);
    expect(a.verdicts).toEqual({ a: { best: 2, worst: 0 }, b: { best: 0, worst: 2 } });
    expect(a.cooperation).toEqual({ donated: 200, lent: 500, groupBonusRounds: 0, reciprocal: [] });
    expect(a.outcome).toEqual({ kind: 'ranked', winners: ['a'] });
  });

  test('cooperation: tokens given, group-bonus rounds, and who helped whom both ways', () => {
    const a = analyzeCafe([
      { round: 1, type: 'donation', data: { from: 'y', to: 'x', amount: 10.1 } },
      { round: 1, type: 'bonuses', data: { survival: 100, group: 300, to: ['x', 'y', 'z'] } },
      { round: 2, type: 'loan_accepted', data: { lender: 'x', borrower: 'y', amount: 40, rate: 0 } },
      { round: 2, type: 'donation', data: { from: 'z', to: 'x', amount: 5.2 } },
      { round: 2, type: 'bonuses', data: { survival: 100, group: 0, to: ['x', 'y'] } },
    ]);
    expect(a.cooperation).toEqual({ donated: 15.3, lent: 40, groupBonusRounds: 1, reciprocal: [['x', 'y']] });
  });

  test('Markdown and HTML reports of a real match', () => {
    const m = Match.create(cafeGame, {}, 3, ['credit-union', 'predatory-lender', 'hoarder', 'free-rider']);
    runMatchSync(m, cafeGame.strategies);
    const a = analyzeCafe(m.log!.entries);
    const md = cafeReportMarkdown(a);
    expect(md).toContain('## Who helped whom');
    expect(md).toContain('| credit-union |  |  |  | ');
    expect(md).toContain('Ending: **cooperative**');
    expect(md).toContain('the group bonus was paid in 20 of 20 rounds');
    const html = cafeReportHtml(a);
    expect(html).toStartWith('<!doctype html>');
    expect(html).toContain('<svg');
    expect(html).toContain('<canvas id="gini">');
  });
});
