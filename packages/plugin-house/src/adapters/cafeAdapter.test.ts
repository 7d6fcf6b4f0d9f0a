import { expect, test } from 'bun:test';
import { cafeRoundText } from './cafeAdapter.ts';

test('a Café round in words: economy, verdict with its reason, standings; answers and private refusals left out', () => {
  const text = cafeRoundText(4, [
    { type: 'interest', data: { rate: 0.05, paid: { ann: 50 } } },
    { type: 'loan_defaulted', data: { loan: 1, lender: 'ann', borrower: 'bob', principal: 1000, rate: 0.3, owed: 1300, why: 'cannot pay' } },
    { type: 'move_refused', data: { player: 'bob', reason: 'no funds' }, to: ['bob'] },
    { type: 'donation', data: { from: 'cy', to: 'bob', amount: 250.5 } },
    { type: 'loan_offered', data: { lender: 'ann', borrower: 'cy', amount: 500, rate: 0.3, duration: 3 } },
    { type: 'challenge', data: { id: 'water-use', prompt: 'Reduce water use.' } },
    { type: 'responses', data: { responses: { ann: 'long text' } } },
    { type: 'verdict', data: { best: 'ann', worst: 'bob', reason: 'ann was concrete', by: 'model', award: 500 } },
    { type: 'bonuses', data: { survival: 100, group: 300 } },
    { type: 'eliminated', data: { player: 'bob', tokens: 12.5 } },
    { type: 'standings', data: { players: { ann: { tokens: 1950, level: 1, alive: true }, bob: { tokens: 12.5, level: -6, alive: false } } } },
  ]);
  expect(text).toBe(
    [
      '[café] Round 4',
      'Interest 5% paid on every living bank.',
      'DEFAULT: bob did not repay ann 1,300 tokens (cannot pay); the debt is forgiven.',
      'cy gave bob 250.5 tokens.',
      'ann offers cy a loan of 500 at 30% for 3 round(s).',
      'Verdict: best ann (+1 level, +500), worst bob (-1 level). ann was concrete',
      'Bonuses: +100 survival, +300 because everyone is alive.',
      'ELIMINATED: bob (level -6); its 12.5 tokens are frozen until someone resurrects it.',
      'Standings: ann 1,950 (level 1); bob 12.5 (level -6, out).',
    ].join('\n'),
  );
});
