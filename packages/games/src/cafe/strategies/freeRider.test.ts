import { describe, expect, test } from 'bun:test';
import { rubricScore } from '../standInJudge.ts';
import { creditUnion } from './creditUnion.ts';
import { freeRider } from './freeRider.ts';
import { predatoryLender } from './predatoryLender.ts';
import { decideAs, QUIET, seen, tableOf, transcript } from './strategyKit.ts';

describe('free-rider', () => {
  test('in trouble it takes the cheapest open offer, and rescues with the borrowed tokens', () => {
    const s = tableOf({ fr: [-4, 200], a: [0, 5000], b: [0, 5000] }, 4);
    s.offers.push(
      { lender: 'a', borrower: 'fr', cents: 90_000, rate: 0.3, duration: 3, made: 3 },
      { lender: 'b', borrower: 'fr', cents: 90_000, rate: 0.1, duration: 3, made: 3 },
      { lender: 'a', borrower: 'b', cents: 10_000, rate: 0, duration: 1, made: 3 },
    );
    const { view, ctx } = seen(s, 'fr');
    expect(freeRider.decide(view, ctx).market).toEqual([{ type: 'accept_loan', from: 'b' }]);
    s.table[0]!.cents = 120_000;
    expect(decideAs(freeRider, s, 'fr').market).toEqual([{ type: 'accept_loan', from: 'b' }, { type: 'rescue' }]);
  });

  test('never gives, and its answers score below the credit union’s on the rubric', () => {
    const s = tableOf({ fr: [0, 9000], b: [-5, 0] });
    const mine = decideAs(freeRider, s, 'fr');
    expect(mine.market).toEqual([]);
    const theirs = decideAs(creditUnion, s, 'b');
    expect(rubricScore(mine.response, s.challenge).total).toBeLessThan(rubricScore(theirs.response, s.challenge).total);
  });

  test('transcript: lives on the credit union’s gifts and the predator’s loans, rescues with them, never gives back', () => {
    const table = tableOf({ fr: [-1, 100], pl: [2, 4000], cu: [0, 3000] }, 1, QUIET);
    expect(transcript(table, { fr: freeRider, pl: predatoryLender, cu: creditUnion }, 'fr', ['cu>fr', 'cu>fr', 'cu>fr', 'pl>fr', 'cu>pl', 'cu>pl', 'cu>pl'])).toEqual([
      'r1 L-1 100: -',
      'r2 L-2 100: -',
      'r3 L-3 100: accept pl [got 900 from cu]',
      'r4 L-4 1,901: rescue [got 100 from cu]',
      'r5 L-3 1,001: accept pl [got 100 from cu]',
      'r6 L-3 1,601: - [repaid pl 1171.3; got 100 from cu]',
      'r7 L-3 529.7: accept pl [got 470 from cu]',
    ]);
  });
});
