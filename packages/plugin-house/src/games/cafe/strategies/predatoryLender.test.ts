import { describe, expect, test } from 'bun:test';
import { predatoryLender } from './predatoryLender.ts';
import { seen, tableOf } from './strategyKit.ts';

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
});
