import { describe, expect, test } from 'bun:test';
import { newCafe, seatOf } from './cafeTestKit.ts';
import { validateCafeDecision } from './validateCafeDecision.ts';

describe('validateCafeDecision', () => {
  test('a legal decision comes back parsed, with the defaults filled in', () => {
    const s = newCafe();
    expect(validateCafeDecision(s, 'ann', { market: [{ type: 'donate', to: 'bob', amount: 5000 }] })).toEqual({
      ok: true,
      decision: { market: [{ type: 'donate', to: 'bob', amount: 5000 }], response: '' },
    });
  });

  test('moves no other move of the round could make legal are refused, each named with its place, so a model can repair them', () => {
    const s = newCafe();
    seatOf(s, 'dan').alive = false;
    seatOf(s, 'ann').level = 3;
    s.offers.push({ lender: 'cat', borrower: 'ann', cents: 100, rate: 0, duration: 1, made: 1 });
    const market = [
      { type: 'donate', to: 'ann', amount: 1 },
      { type: 'offer_loan', to: 'zed', amount: 1, rate: 0, duration: 1 },
      { type: 'accept_loan', from: 'bob' },
      { type: 'accept_loan', from: 'cat' },
      { type: 'withdraw_offer', to: 'bob' },
      { type: 'donate', to: 'dan', amount: 1 },
      { type: 'rescue' },
      { type: 'resurrect', target: 'bob' },
      { type: 'donate', to: 'bob', amount: 0.001 },
      { type: 'resurrect', target: 'dan' },
      { type: 'offer_loan', to: 'dan', amount: 1, rate: 0, duration: 1 },
    ];
    const checked = validateCafeDecision(s, 'ann', { market, response: 'x' });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.error.split(/; (?=market move)/)).toEqual([
      'bad decision: market move 1 (donate): you cannot donate to yourself',
      "market move 2 (offer_loan): there is no player 'zed' (players: ann, bob, cat, dan)",
      "market move 3 (accept_loan): 'bob' has no open loan offer to you",
      "market move 4 (accept_loan): 'cat' has no open loan offer to you",
      "market move 5 (withdraw_offer): you have no open loan offer to 'bob'",
      "market move 6 (donate): 'dan' is eliminated; its bank is frozen (resurrect it first)",
      'market move 7 (rescue): you are already at the top level (3)',
      "market move 8 (resurrect): 'bob' is alive; only an eliminated player can be resurrected",
      'market move 9 (donate): the amount must be at least 0.01 tokens',
    ]);
  });

  test('what depends on the others’ simultaneous moves (funds, a resurrected borrower) is left to the MARKET', () => {
    const s = newCafe();
    seatOf(s, 'dan').alive = false;
    const market = [
      { type: 'donate', to: 'bob', amount: 1e6 },
      { type: 'resurrect', target: 'dan' },
      { type: 'offer_loan', to: 'dan', amount: 50, rate: 0.1, duration: 2 },
    ];
    expect(validateCafeDecision(s, 'ann', { market, response: 'x' }).ok).toBe(true);
  });

  test('the shape comes first, in the schema’s words; the eliminated and a finished match have nothing to decide', () => {
    const s = newCafe();
    expect(validateCafeDecision(s, 'ann', { market: [{ type: 'offer_loan', to: 'bob', amount: 5, rate: -2, duration: 0.5 }] })).toEqual({
      ok: false,
      error: 'bad decision: market.0.rate: rate must be 0 or more; market.0.duration: duration must be a whole number of rounds',
    });
    expect(validateCafeDecision(s, 'ann', { market: Array(33).fill({ type: 'rescue' }) })).toEqual({ ok: false, error: 'bad decision: market: at most 32 market moves a round' });
    seatOf(s, 'dan').alive = false;
    expect(validateCafeDecision(s, 'dan', {})).toEqual({ ok: false, error: "'dan' has no decision to make: only living players play a round" });
  });
});
