import { expect, test } from 'bun:test';
import { roundText } from './roundText.ts';

test('a Trust round in words, with the private miss left out', () => {
  const text = roundText('trust', 3, [
    { type: 'missed', data: { player: 'Ann', target: 'Bob' }, to: ['Ann'] },
    { type: 'beg_answer', data: { player: 'Cy', granted: 0 }, to: ['Cy'] },
    { type: 'round', data: { round: 3, acts: { Ann: { action: 'ATTACK', target: 'Bob' }, Bob: { action: 'BLOCK' }, Cy: { action: 'BEG', granted: false } }, sats: { Ann: 47, Bob: 52, Cy: 49 } } },
    { type: 'match_over', data: { winners: ['Bob'], kind: 'limit' } },
  ]);
  expect(text).toBe('[trust] Round 3\nAnn: ATTACK → Bob; Bob: BLOCK; Cy: BEG (declined)\nsats: Ann 47, Bob 52, Cy 49\nmatch over (limit): winner Bob');
});

test('other games fall back to the event data', () => {
  expect(roundText('goldmine', 1, [{ type: 'claimed', data: { plot: 'a1' } }, { type: 'tick' }])).toBe('[goldmine] Round 1\nclaimed: {"plot":"a1"}\ntick');
});
