import { expect, test } from 'bun:test';
import { canonicalNames } from './canonicalNames.ts';

test('a person may name players in any case: the move names them as the match does', () => {
  const players = ['Ada', 'Bram', 'Cleo'];
  expect(canonicalNames({ action: 'HIGH_FIVE', target: 'ada' }, players)).toEqual({ action: 'HIGH_FIVE', target: 'Ada' });
  expect(canonicalNames({ action: 'BLOCK', share: { to: 'BRAM', amount: 3 }, ally: 'cleo' }, players)).toEqual({ action: 'BLOCK', share: { to: 'Bram', amount: 3 }, ally: 'Cleo' });
  expect(canonicalNames({ whispers: [{ to: ['ada', 'bram'], text: 'ada is lying' }], empower: 'cleo' }, players)).toEqual({ whispers: [{ to: ['Ada', 'Bram'], text: 'ada is lying' }], empower: 'Cleo' });
  expect(canonicalNames({ market: [{ type: 'accept_loan', from: 'ada' }], response: 'ada' }, players)).toEqual({ market: [{ type: 'accept_loan', from: 'Ada' }], response: 'ada' });
  // A reason or a text is never touched; an unknown name is left for the game to refuse.
  expect(canonicalNames({ action: 'BEG', amount: 2, reason: 'ada' }, players)).toEqual({ action: 'BEG', amount: 2, reason: 'ada' });
  expect(canonicalNames({ action: 'ATTACK', target: 'zed' }, players)).toEqual({ action: 'ATTACK', target: 'zed' });
  // Two players whose names differ only in case: the exact spelling is needed.
  expect(canonicalNames({ target: 'ADA' }, ['Ada', 'ada'])).toEqual({ target: 'ADA' });
});
