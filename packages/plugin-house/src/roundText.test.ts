import { expect, test } from 'bun:test';
import { trustRoundText } from './games/trust/trustAdapter.ts';
import { roundText } from './roundText.ts';

test('a Trust round in words, with the private miss left out', () => {
  const text = trustRoundText(3, [
    { type: 'missed', data: { player: 'Ann', target: 'Bob' }, to: ['Ann'] },
    { type: 'beg_answer', data: { player: 'Cy', granted: 0 }, to: ['Cy'] },
    { type: 'round', data: { round: 3, acts: { Ann: { action: 'ATTACK', target: 'Bob' }, Bob: { action: 'BLOCK' }, Cy: { action: 'BEG', granted: false } }, sats: { Ann: 47, Bob: 52, Cy: 49 } } },
    { type: 'spawned', data: { team: 'Bob', unit: 'Bob#2', sats: 25 } },
    { type: 'match_over', data: { winners: ['Bob'], kind: 'limit' } },
  ]);
  expect(text).toBe(
    [
      '[trust] Round 3',
      'Ann attacked Bob, and Bob blocked it; Cy begged the observer and was declined. Sats: Ann 47, Bob 52, Cy 49.',
      'Bob replicated: a new unit Bob#2 joins with 25 sats.',
      'Match over: round limit reached: Bob richest with 52 sats.',
    ].join('\n'),
  );
});

test('events no narration knows are shown as data, one line each, the private ones left out', () => {
  expect(roundText('goldmine', 1, [{ type: 'claimed', data: { plot: 'a1' } }, { type: 'tick' }, { type: 'secret', data: { x: 1 }, to: ['a'] }])).toBe('[goldmine] Round 1\nclaimed (plot: a1)\ntick');
});
