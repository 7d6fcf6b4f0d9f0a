import { expect, test } from 'bun:test';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import type { TrustState, TrustView } from '@the-house/games/trust/trustTypes.ts';
import { trustMove, trustMoveForms, trustTurnText } from './trustSeat.ts';

const config = trustGame.configSchema.parse({ missChance: 1 });

test('a turn reads as a few lines: sats, the last round as the person saw it (their miss included), and the exact short forms', () => {
  let state = trustGame.setup(config, 3, ['Pat', 'Ada']) as TrustState;
  state = trustGame.apply(state, { decisions: { Pat: { action: 'HIGH_FIVE' }, Ada: { action: 'BLOCK' } } }).state as TrustState;
  const view = trustGame.view(state, 'Pat') as TrustView;
  const text = trustTurnText(view);
  expect(text).toStartWith(`You have ${view.sats} sats (round 2 of 30). Others: Ada `);
  expect(text).toContain('Last round: you high-fived Ada, but it missed and landed as an attack; Ada blocked.');
  expect(text).not.toContain('{');
  expect(trustMoveForms(state, view)).toEqual(['!move hf', '!move attack', '!move block', '!move nothing', '!move beg N REASON (N up to 20, e.g. !move beg 5 hungry)', '!move replicate (once you have 100 sats)']);
});

test('with three players the forms name each target', () => {
  const state = trustGame.setup(config, 3, ['Pat', 'Ada', 'Bram']) as TrustState;
  expect(trustMoveForms(state, trustGame.view(state, 'Pat') as TrustView).slice(0, 4)).toEqual(['!move hf @Ada', '!move hf @Bram', '!move attack @Ada', '!move attack @Bram']);
});

test('short forms read as the game\'s decisions; JSON is left to the game', () => {
  expect(trustMove('hf @Ada')).toEqual({ action: 'HIGH_FIVE', target: 'Ada' });
  expect(trustMove('HIGH_FIVE Ada')).toEqual({ action: 'HIGH_FIVE', target: 'Ada' });
  expect(trustMove('nothing')).toEqual({ action: 'DO_NOTHING' });
  expect(trustMove('beg 5 I am hungry')).toEqual({ action: 'BEG', amount: 5, reason: 'I am hungry' });
  expect(trustMove('beg')).toEqual({ action: 'BEG', amount: undefined, reason: '' });
  expect(trustMove('block share @Ada 5 ally @Ada')).toEqual({ action: 'BLOCK', share: { to: 'Ada', amount: 5 }, ally: 'Ada' });
  expect(trustMove('{"action":"BLOCK"}')).toBeUndefined();
  const state = trustGame.setup(config, 3, ['Pat', 'Ada']) as TrustState;
  expect(trustGame.validate(state, 'Pat', trustMove('beg'))).toMatchObject({ ok: false });
});
