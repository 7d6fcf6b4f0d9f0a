import { describe, expect, test } from 'bun:test';
import { analyzeCafe } from '@the-house/games/cafe/analysis/analyzeCafe.ts';
import { helpNetworkSvg } from './helpNetworkSvg.ts';

describe('helpNetworkSvg', () => {
  test('one node per player, one arrow per giver, receiver and kind, titles escaped', () => {
    const a = analyzeCafe([
      { round: 1, type: 'donation', data: { from: 'a<b', to: 'c', amount: 10 } },
      { round: 1, type: 'loan_accepted', data: { lender: 'a<b', borrower: 'c', amount: 40, rate: 0.1 } },
      { round: 1, type: 'standings', data: { players: { 'a<b': { tokens: 1, level: 0, alive: true }, c: { tokens: 1, level: 0, alive: true } } } },
    ]);
    const svg = helpNetworkSvg(a);
    expect(svg.match(/<circle/g)).toHaveLength(2);
    expect(svg.match(/marker-end=/g)).toHaveLength(2);
    expect(svg).toContain('<title>a&lt;b donated 10 to c</title>');
    expect(svg).toContain('marker-end="url(#arrow-lent)"');
  });
});
