import { expect, test } from 'bun:test';
import { cafeGame } from '@the-house/games/cafe/cafeGame.ts';
import type { CafeState, CafeView } from '@the-house/games/cafe/cafeTypes.ts';
import { cafeMove, cafeMoveProblem, cafeTurnText } from './cafeSeat.ts';

test('a Café answer in words: the parts that read as market moves are moves, the rest is the answer', () => {
  expect(cafeMove('Fresh bread at dawn; donate @Ada 100; loan @Bram 500 20% 3; accept @Cleo')).toEqual({
    market: [
      { type: 'donate', to: 'Ada', amount: 100 },
      { type: 'offer_loan', to: 'Bram', amount: 500, rate: 0.2, duration: 3 },
      { type: 'accept_loan', from: 'Cleo' },
    ],
    response: 'Fresh bread at dawn',
  });
  expect(cafeMove('rescue; A loyalty card for regulars')).toEqual({ market: [{ type: 'rescue' }], response: 'A loyalty card for regulars' });
  expect(cafeMove('{"response":"x"}')).toBeUndefined();
  const state = cafeGame.setup(cafeGame.configSchema.parse({}), 2, ['Pat', 'Ada', 'Bram', 'Cleo']) as CafeState;
  expect(cafeGame.validate(state, 'Pat', cafeMove('A plan; donate @Ada 100'))).toMatchObject({ ok: true });
  const text = cafeTurnText(cafeGame.view(state, 'Pat') as CafeView);
  expect(text).toStartWith('You: level 0, 1000 tokens (round 1 of 20).');
  expect(text).toContain(`Challenge: ${state.challenge.prompt}`);
  // A refusal the rules kept for the next turn names the move in words.
  const refused = cafeTurnText({ ...(cafeGame.view(state, 'Pat') as CafeView), notices: ['donate refused: you have 5 tokens, not 10'] });
  expect(refused).toContain('\nYour gift was refused: you have 5 tokens, not 10\n');
});

test('market moves with no answer are refused for a person, with how to write both: the game would take them and the judge rank the empty answer worst', () => {
  const state = cafeGame.setup(cafeGame.configSchema.parse({}), 2, ['Pat', 'Ada', 'Bram', 'Cleo']) as CafeState;
  const marketOnly = cafeMove('donate @Ada 100');
  expect(cafeGame.validate(state, 'Pat', marketOnly)).toMatchObject({ ok: true, decision: { response: '' } });
  expect(cafeMoveProblem(marketOnly)).toBe('your move has market moves but no answer to the challenge, and the judge ranks a missing answer worst; put your answer first: `!move YOUR ANSWER; donate @NAME N`');
  expect(cafeMoveProblem(cafeMove('A plan; donate @Ada 100'))).toBeNull();
  expect(cafeMoveProblem(cafeMove('Just an answer'))).toBeNull();
  expect(cafeMoveProblem({ market: [], response: '' })).toBeNull();
});
