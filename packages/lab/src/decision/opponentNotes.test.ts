import { expect, test } from 'bun:test';
import { emptyNotes, renderNotes, updateNotes } from './opponentNotes.ts';

const history = [
  { round: 1, acts: { Ann: { action: 'HIGH_FIVE', target: 'Bob' }, Bob: { action: 'HIGH_FIVE', target: 'Ann' } } },
  { round: 2, acts: { Ann: { action: 'HIGH_FIVE', target: 'Bob' }, Bob: { action: 'ATTACK', target: 'Ann' } } },
];

test('Ann remembers a returned high five, then a betrayal and an unreturned high five', () => {
  const notes = updateNotes(emptyNotes('m'), 'Ann', history);
  expect(notes).toEqual({ matchId: 'm', round: 2, opponents: { Bob: { trust: -1, betrayals: 1, debts: 1, lastSeen: 'round 2: ATTACK at Ann' } } });
  expect(renderNotes(notes)).toBe('- Bob: trust -1, betrayals 1, unreturned high fives 1 (last: round 2: ATTACK at Ann)');
});

test('a round told twice counts once', () => {
  const once = updateNotes(emptyNotes('m'), 'Ann', history);
  expect(updateNotes(once, 'Ann', history)).toEqual(once);
});

test('histories of other shapes leave the notes alone', () => {
  expect(updateNotes(emptyNotes('m'), 'Ann', { nope: true })).toEqual(emptyNotes('m'));
  expect(renderNotes(null)).toBe('No notes on opponents yet.');
});
