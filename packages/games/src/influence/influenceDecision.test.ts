import { describe, expect, test } from 'bun:test';
import { influenceDecisionSchema } from './influenceDecision.ts';

describe('the decision schema (spec section 7)', () => {
  test('reads the replay contract spelling', () => {
    const d = { whispers: [{ to: ['bob'], text: 'hi' }], public: 'img:https://x.test/a.png', empower: 'bob', expose: 'cat', last: 'bye', power: { action: 'protect' as const, target: 'cat' } };
    expect(influenceDecisionSchema.parse(d)).toEqual(d);
  });

  test("reads the spec's own spelling: whisper/msg and powerAction.type; nulls mean absent", () => {
    expect(influenceDecisionSchema.parse({ whisper: [{ to: ['bob'], msg: 'hi' }], powerAction: { type: 'eliminate', target: 'cat' }, expose: null })).toEqual({
      whispers: [{ to: ['bob'], text: 'hi' }],
      power: { action: 'eliminate', target: 'cat' },
    });
  });

  test('a lone recipient name is read as a one-name list', () => {
    expect(influenceDecisionSchema.parse({ whispers: [{ to: 'bob', text: 'hi' }] })).toEqual({ whispers: [{ to: ['bob'], text: 'hi' }] });
  });

  test('rejects what is not a decision', () => {
    expect(influenceDecisionSchema.safeParse({ power: { action: 'banish', target: 'cat' } }).success).toBe(false);
    expect(influenceDecisionSchema.safeParse({ whispers: [{ to: [], text: 'hi' }] }).success).toBe(false);
    expect(influenceDecisionSchema.safeParse('eliminate cat').success).toBe(false);
  });
});
