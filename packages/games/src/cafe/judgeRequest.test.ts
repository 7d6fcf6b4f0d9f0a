import { describe, expect, test } from 'bun:test';
import { newCafe } from './cafeTestKit.ts';
import { judgeRequest } from './judgeRequest.ts';

describe('judgeRequest', () => {
  test('collects the living players’ answers as the round reads them and builds the prompt', () => {
    const s = newCafe(['a', 'b', 'c']);
    s.table[2]!.alive = false;
    const req = judgeRequest(s, { a: { response: '  Pour slowly. ' }, b: { market: 'x' }, c: { response: 'ghost' } });
    expect(req.judged).toEqual(['a', 'b']);
    expect(req.responses).toEqual({ a: 'Pour slowly.', b: '' });
    expect(req.prompt).toContain(s.challenge.prompt);
    expect(req.prompt).not.toContain('ghost');
  });
});
