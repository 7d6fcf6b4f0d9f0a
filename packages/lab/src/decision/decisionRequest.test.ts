import { expect, test } from 'bun:test';
import { decodeRequest, encodeRequest, modelMarkerOf, type DecisionRequest } from './decisionRequest.ts';

const request = (round: number): DecisionRequest => ({ matchId: 'm1', game: 'trust', seed: 1, player: 'Ann', round, phase: 'act', view: { round }, legalMoves: ['BLOCK'], schema: {} });

test('the last marker in a prompt wins', () => {
  const prompt = `old: ${encodeRequest(request(1))}\nnow: ${encodeRequest(request(2))}\nanswer with JSON`;
  expect(decodeRequest(prompt)?.round).toBe(2);
});

test('text without a marker, or with a broken one, gives null', () => {
  expect(decodeRequest('hello')).toBeNull();
  expect(decodeRequest('[[HOUSE_REQUEST]]{oops[[/HOUSE_REQUEST]]')).toBeNull();
});

test("a model's marker names the request in words, and in JSON when a name holds a space", () => {
  const short = modelMarkerOf({ matchId: 'influence-1-ab12', game: 'influence', player: 'p3', round: 4, phase: 'WHISPER 2' });
  expect(short).toBe('[[HOUSE_REQUEST]]influence influence-1-ab12 p3 4 WHISPER 2[[/HOUSE_REQUEST]]');
  expect(decodeRequest(`turn 1 ${encodeRequest(request(1))}\nturn 2 ${short}`)).toEqual({ matchId: 'influence-1-ab12', game: 'influence', player: 'p3', round: 4, phase: 'WHISPER 2' } as never);
  const spaced = modelMarkerOf({ matchId: 'm1', game: 'trust', player: 'Ann Lee', round: 2, phase: 'act' });
  expect(spaced).toStartWith('[[HOUSE_REQUEST]]{');
  expect(decodeRequest(spaced)?.player).toBe('Ann Lee');
  expect(decodeRequest('[[HOUSE_REQUEST]]trust m1 Ann[[/HOUSE_REQUEST]]')).toBeNull();
});
