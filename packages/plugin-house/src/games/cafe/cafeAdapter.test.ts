import { expect, test } from 'bun:test';
import { cafeRoundText } from './cafeAdapter.ts';

test('a Café round in words: economy, every answer to the challenge, the verdict with its reason, standings; private refusals left out', () => {
  const text = cafeRoundText(4, [
    { type: 'interest', data: { rate: 0.05, paid: { ann: 50 } } },
    { type: 'loan_defaulted', data: { loan: 1, lender: 'ann', borrower: 'bob', principal: 1000, rate: 0.3, owed: 1300, why: 'cannot pay' } },
    { type: 'move_refused', data: { player: 'bob', reason: 'no funds' }, to: ['bob'] },
    { type: 'donation', data: { from: 'cy', to: 'bob', amount: 250.5 } },
    { type: 'loan_offered', data: { lender: 'ann', borrower: 'cy', amount: 500, rate: 0.3, duration: 3 } },
    { type: 'challenge', data: { id: 'water-use', prompt: 'Reduce water use.' } },
    { type: 'responses', data: { responses: { ann: 'Fix the leaks, then  meter each sink.', bob: '', cy: 'x'.repeat(600) } } },
    { type: 'verdict', data: { best: 'ann', worst: 'bob', reason: 'ann was concrete', by: 'external', award: 500, levels: { ann: 1, bob: -6 } } },
    { type: 'bonuses', data: { survival: 100, group: 300 } },
    { type: 'eliminated', data: { player: 'bob', tokens: 12.5 } },
    { type: 'standings', data: { players: { ann: { tokens: 1950, level: 1, alive: true }, bob: { tokens: 12.5, level: -6, alive: false } } } },
  ]);
  expect(text).toBe(
    [
      '[café] Round 4',
      'Interest of 5% on every living bank: ann +50.',
      "bob defaulted on ann's loan (1,300 tokens owed; cannot pay): the debt is forgiven.",
      'cy gave bob 250.5 tokens.',
      'ann offered cy a loan of 500 tokens at 30% for 3 rounds.',
      'Answers to the challenge:',
      '- ann: “Fix the leaks, then meter each sink.”',
      '- bob gave no answer',
      `- cy: “${'x'.repeat(399)}…”`,
      'Best answer: ann (level 1, +500 tokens); worst: bob (level -6). House judge: ann was concrete.',
      'Survival bonus of 100 tokens to every living player, and 300 more each because everyone is alive.',
      'bob fell to the bottom level and is eliminated; the 12.5 tokens in the bank are frozen until someone pays to resurrect bob.',
      'Standings: ann 1,950 tokens (level 1); bob 12.5 tokens (level -6, out).',
    ].join('\n'),
  );
});
