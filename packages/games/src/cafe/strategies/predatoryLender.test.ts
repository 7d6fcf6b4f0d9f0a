import { describe, expect, test } from 'bun:test';
import { predatoryLender } from './predatoryLender.ts';
import type { CafeMove } from '../cafeDecision.ts';
import type { CafeView } from '../cafeTypes.ts';
import { QUIET, seen, tableOf, transcript } from './strategyKit.ts';

describe('predatory-lender', () => {
  test('offers the desperate their shortfall (at least 500) at 30% for 3 rounds, never donates', () => {
    const { view, ctx } = seen(tableOf({ pl: [2, 5000], b: [-2, 300], c: [-4, 1200], d: [0, 0] }), 'pl');
    expect(predatoryLender.decide(view, ctx).market).toEqual([
      { type: 'offer_loan', to: 'b', amount: 701, rate: 0.3, duration: 3 },
      { type: 'offer_loan', to: 'c', amount: 500, rate: 0.3, duration: 3 },
    ]);
  });

  test('keeps an open offer while the borrower struggles and withdraws it once it recovers', () => {
    const s = tableOf({ pl: [2, 5000], b: [-3, 300], c: [0, 100] }, 3);
    s.offers.push({ lender: 'pl', borrower: 'b', cents: 70_000, rate: 0.3, duration: 3, made: 2 }, { lender: 'pl', borrower: 'c', cents: 90_000, rate: 0.3, duration: 3, made: 2 });
    const { view, ctx } = seen(s, 'pl');
    expect(predatoryLender.decide(view, ctx).market).toEqual([{ type: 'withdraw_offer', to: 'c' }]);
  });

  test('transcript (spec Scenario 1): the desperate borrower takes the loan, rescues with it, and defaults; predation fails both', () => {
    const borrowAndRescue = (v: CafeView): CafeMove[] => (v.offers.some((o) => o.borrower === v.you && o.open) ? [{ type: 'accept_loan', from: 'pl' }, { type: 'rescue' }] : []);
    const table = tableOf({ pl: [2, 4000], b: [-1, 200], c: [0, 1000] }, 1, QUIET);
    expect(transcript(table, { pl: predatoryLender, b: borrowAndRescue }, 'pl', ['c>b', 'c>pl', 'c>pl', 'pl>c', 'pl>c', 'pl>c'])).toEqual([
      'r1 L2 4,000: -',
      'r2 L2 4,000: offer b 801 at 30% for 3',
      'r3 L1 4,000: - [b took 801]',
      'r4 L0 3,199: -',
      'r5 L1 3,199: -',
      'r6 L2 3,199: - [b defaulted on 1041.3]',
    ]);
  });

  test('transcript: the offer stands while b struggles and is withdrawn once b is back at 0', () => {
    const table = tableOf({ pl: [2, 4000], b: [-1, 200], c: [0, 1000] }, 1, QUIET);
    expect(transcript(table, { pl: predatoryLender }, 'pl', ['c>b', 'b>c', 'b>c', 'pl>c'])).toEqual([
      'r1 L2 4,000: -',
      'r2 L2 4,000: offer b 801 at 30% for 3',
      'r3 L2 4,000: -',
      'r4 L2 4,000: withdraw b',
    ]);
  });
});
