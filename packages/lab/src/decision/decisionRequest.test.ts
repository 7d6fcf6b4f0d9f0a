import { expect, test } from 'bun:test';
import { decodeRequest, encodeRequest, type DecisionRequest } from './decisionRequest.ts';

const request = (round: number): DecisionRequest => ({ matchId: 'm1', game: 'trust', seed: 1, player: 'Ann', round, phase: 'act', view: { round }, legalMoves: ['BLOCK'], schema: {} });

test('the last marker in a prompt wins', () => {
  const prompt = `old: ${encodeRequest(request(1))}\nnow: ${encodeRequest(request(2))}\nanswer with JSON`;
  expect(decodeRequest(prompt)?.round).toBe(2);
});

test('text without a marker, or with a broken one, gives null', () => {
  expect(decodeRequest('hello')).toBeNull();
  expect(decodeRequest('[[HOUSE_REQUEST]]{oops[[/HOUSE_REQUEST]]')).toBeNull();
});
