import { expect, test } from 'bun:test';
import { cafeGame } from './cafeGame.ts';
import { newCafe } from './cafeTestKit.ts';

test("Café as data: MARKET moves in \"market\" (what the bank allows now) and the challenge's answer in \"response\", both required", () => {
  const s = newCafe();
  const data = cafeGame.legalMoveData!(s, 'ann');
  expect(data.list).toEqual({ field: 'market', maxItems: 32 });
  expect(data.required).toEqual(['market', 'response']);
  expect(data.fields).toEqual({ response: { type: 'string', maxLength: 8000 } });
  expect(data.moves.map((m) => m.move)).toEqual(['donate', 'offer_loan', 'rescue']);
  expect(data.moves[0]).toEqual({ move: 'donate', is: { type: 'donate' }, fields: { to: { type: 'string', enum: ['bob', 'cat', 'dan'] }, amount: { type: 'number', minimum: 0.01, maximum: 1000 } }, required: ['to', 'amount'], note: 'a gift, never repaid' });
  expect(data.moves[1]!.required).toEqual(['to', 'amount', 'rate', 'duration']);
  expect(data.notes![0]).toStartWith(`response: your answer to "${s.challenge.prompt}"`);
});
