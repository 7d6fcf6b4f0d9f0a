import { describe, expect, test } from 'bun:test';
import { MAX_ANSWER_CHARS, readAnswer } from './remoteAnswer.ts';
import { turnId } from './remoteTurn.ts';

describe('reading a remote answer', () => {
  const id = turnId('m', 1, 'act', 'ada', 0);

  test('{turn_id, action} as data or as JSON in text, or the action alone', () => {
    expect(readAnswer({ turn_id: id, action: { action: 'BLOCK' } }, id)).toEqual({ ok: true, text: '{"action":"BLOCK"}' });
    expect(readAnswer(`Here: {"turn_id":"${id}","action":{"action":"BLOCK"}}`, id)).toEqual({ ok: true, text: '{"action":"BLOCK"}' });
    expect(readAnswer('{"action":"BLOCK"}', id)).toEqual({ ok: true, text: '{"action":"BLOCK"}' });
    // Words with no JSON go on as words: the game refuses them with a reason the repair quotes.
    expect(readAnswer('I block', id)).toEqual({ ok: true, text: 'I block' });
  });

  test('a stale turn id, no action, a reserved key or too much is refused', () => {
    expect(readAnswer({ turn_id: 'old', action: {} }, id)).toMatchObject({ ok: false, error: expect.stringContaining('not this turn') });
    expect(readAnswer({ turn_id: id }, id)).toEqual({ ok: false, error: 'the answer has no action' });
    expect(readAnswer(JSON.parse('{"action":{"__proto__":{"x":1}}}'), id)).toMatchObject({ ok: false, error: expect.stringContaining('reserved key') });
    expect(readAnswer('x'.repeat(MAX_ANSWER_CHARS + 1), id)).toMatchObject({ ok: false });
    expect(readAnswer({ action: 'x'.repeat(MAX_ANSWER_CHARS + 1) }, id)).toMatchObject({ ok: false });
    expect(readAnswer(42, id)).toMatchObject({ ok: false });
  });

  test('turn ids are the same for the same turn and differ across asks, phases and seats', () => {
    expect(turnId('m', 1, 'act', 'ada', 0)).toBe(id);
    expect(new Set([id, turnId('m', 1, 'act', 'ada', 1), turnId('m', 2, 'act', 'ada', 0), turnId('m', 1, 'act', 'bo', 0), turnId('n', 1, 'act', 'ada', 0)]).size).toBe(5);
  });
});
