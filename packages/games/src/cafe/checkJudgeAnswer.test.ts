import { describe, expect, test } from 'bun:test';
import { checkJudgeAnswer } from './checkJudgeAnswer.ts';
import { newCafe, playRound } from './cafeTestKit.ts';
import { judgeRequest, judgeRequestSchema } from './judgeRequest.ts';

const judged = ['a', 'b', 'c'];
const answered = { a: 'one', b: 'two', c: 'three' };

describe('checkJudgeAnswer', () => {
  test('a verdict naming two different judged players stands, reason defaulted', () => {
    expect(checkJudgeAnswer(judged, answered, { best: 'a', worst: 'c', reason: 'a was concrete' })).toEqual({ ok: true, decision: { best: 'a', worst: 'c', reason: 'a was concrete' } });
    expect(checkJudgeAnswer(judged, answered, { best: 'a', worst: 'c' })).toEqual({ ok: true, decision: { best: 'a', worst: 'c', reason: '' } });
  });

  test('each broken rule is named', () => {
    expect(checkJudgeAnswer(judged, answered, 'a is best')).toEqual({ ok: false, error: 'Invalid input: expected object, received string' });
    expect(checkJudgeAnswer(judged, answered, { best: 'a' })).toEqual({ ok: false, error: 'worst: Invalid input: expected string, received undefined' });
    expect(checkJudgeAnswer(judged, answered, { best: 'z', worst: 'a' })).toEqual({ ok: false, error: 'best and worst must be among the judged players (a, b, c)' });
    expect(checkJudgeAnswer(judged, answered, { best: 'a', worst: 'a' })).toEqual({ ok: false, error: 'best and worst must be different players' });
    const silentC = { ...answered, c: '  ' };
    expect(checkJudgeAnswer(judged, silentC, { best: 'c', worst: 'a' })).toEqual({ ok: false, error: "'c' gave no answer and cannot be best" });
    expect(checkJudgeAnswer(judged, silentC, { best: 'a', worst: 'b' })).toEqual({ ok: false, error: "a player without an answer must be the worst, not 'b'" });
    expect(checkJudgeAnswer(judged, { a: '', b: '', c: '' }, { best: 'c', worst: 'a' }).ok).toBe(true);
  });
});

describe('the judge request', () => {
  test('matches its schema, and a verdict the House checks with it is the one the round applies', () => {
    const s = newCafe();
    const decisions = { ann: { response: 'Pour slowly, 3 steps.' }, bob: { response: 'ok' }, cat: { response: 'fine' }, dan: {} };
    const req = judgeRequestSchema.parse(judgeRequest(s, decisions));
    expect(req).toMatchObject({ round: 1, judged: ['ann', 'bob', 'cat', 'dan'], responses: { dan: '' } });
    expect(checkJudgeAnswer(req.judged, req.responses, { best: 'ann', worst: 'bob' }).ok).toBe(false);
    const answer = checkJudgeAnswer(req.judged, req.responses, { best: 'ann', worst: 'dan', reason: 'dan said nothing' });
    if (!answer.ok) throw new Error(answer.error);
    const { events } = playRound(s, decisions, answer.decision);
    expect(events.find((e) => e.type === 'verdict')!.data).toMatchObject({ best: 'ann', worst: 'dan', reason: 'dan said nothing', by: 'external' });
  });
});
