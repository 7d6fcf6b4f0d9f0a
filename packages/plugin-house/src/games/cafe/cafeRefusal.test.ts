import { expect, test } from 'bun:test';
import { cafeGame } from '@the-house/games/cafe/cafeGame.ts';
import { cafeNoticeInWords, cafeRefusal } from './cafeRefusal.ts';

const state = cafeGame.setup(cafeGame.configSchema.parse({}), 1, ['Pat', 'Ada', 'Bram']);
const refusal = (market: unknown[], response = 'Bread at dawn') => cafeRefusal(state, 'Pat', { market, response });

test('a market move the rules refuse is said in plain words, with what is allowed', () => {
  expect(cafeGame.validate(state, 'Pat', { market: [{ type: 'accept_loan', from: 'Ada' }], response: 'x' })).toEqual({ ok: false, error: "bad decision: market move 1 (accept_loan): 'Ada' has no open loan offer to you" });
  expect(refusal([{ type: 'accept_loan', from: 'Ada' }])).toBe("Accepting a loan from Ada cannot be made: 'Ada' has no open loan offer to you.");
  expect(refusal([{ type: 'donate', to: 'Pat', amount: 5 }])).toBe('A gift of 5 tokens to Pat cannot be made: you cannot donate to yourself.');
  expect(refusal([{ type: 'resurrect', target: 'Ada' }])).toBe("Resurrecting Ada cannot be made: 'Ada' is alive; only an eliminated player can be resurrected.");
});

test('a malformed move is answered with the form its kind takes, never a schema path', () => {
  const loan = refusal([{ type: 'offer_loan', to: 'Ada', amount: 500, rate: Number.NaN, duration: 3 }])!;
  expect(loan).toStartWith('A loan offer is `loan @NAME N RATE% ROUNDS`: ');
  expect(loan).toContain('e.g. `loan @Bram 500 20% 3`');
  expect(refusal([{ type: 'donate', to: 'Ada' }])).toBe('A gift is `donate @NAME N`: a player and the tokens to give, more than 0 (e.g. `donate @Ada 100`).');
  expect(refusal([{ type: 'juggle' }])).toStartWith('A market move is one of: donate, offer_loan, withdraw_offer, accept_loan, rescue, resurrect');
  for (const text of [loan, refusal([{ type: 'juggle' }])!]) expect(text).not.toMatch(/bad decision|market\.0|Invalid/);
});

test('several problems are each said; a move the rules take, or a decision that is no object, says nothing', () => {
  expect(refusal([{ type: 'rescue' }, { type: 'accept_loan', from: 'Nobody' }])).toBe("Accepting a loan from Nobody cannot be made: there is no player 'Nobody' (players: Pat, Ada, Bram).");
  expect(refusal([{ type: 'donate', to: 'Ada', amount: 10 }])).toBeNull();
  expect(cafeRefusal(state, 'Pat', 'text')).toBeNull();
  expect(refusal(Array.from({ length: 33 }, () => ({ type: 'rescue' })))).toBe('At most 32 market moves a round; yours has 33.');
  expect(refusal([], 'x'.repeat(8001))).toBe('Your answer is 8,001 characters; at most 8,000 are allowed.');
});

test("the rules' notices name the move in words in a person's turn", () => {
  expect(cafeNoticeInWords('accept_loan refused: the offer from \'Ada\' is made this round; it can be accepted from round 3')).toBe("Your acceptance of a loan was refused: the offer from 'Ada' is made this round; it can be accepted from round 3");
  expect(cafeNoticeInWords('market move 2 (offer_loan) refused: rate must be 0 or more')).toBe('Your market move 2 (a loan offer) was refused: rate must be 0 or more');
  expect(cafeNoticeInWords('no decision arrived: no market moves, no response')).toBe('no decision arrived: no market moves, no response');
});
