import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { EventLog, verifyChain } from './eventLog.ts';
import type { GameEvent } from './types.ts';

describe('EventLog chain (form 2)', () => {
  test('any edit to any field of any event changes the head, and verifyChain names that entry', () => {
    const event = fc.record({ type: fc.constantFrom('a', 'b', 'round'), data: fc.option(fc.dictionary(fc.constantFrom('x', 'y', 'who'), fc.oneof(fc.integer(), fc.string({ maxLength: 4 }))), { nil: undefined }), to: fc.option(fc.array(fc.constantFrom('p1', 'p2'), { maxLength: 2 }), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), event), { minLength: 1, maxLength: 8 }), fc.nat(), fc.constantFrom('round', 'phase', 'type', 'data', 'to'), (steps, pick, field) => {
        const log = new EventLog([], { deferred: true });
        for (const [round, e] of steps) log.appendAll(round, 'act', [Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as unknown as GameEvent]);
        const head = log.head;
        const entries = log.entries.map((e) => structuredClone(e));
        expect(log.head).toBe(head);
        expect(verifyChain(entries, head)).toEqual({ ok: true });
        const at = pick % entries.length;
        const target = entries[at]! as unknown as Record<string, unknown>;
        target[field] = field === 'round' ? 99 : field === 'data' ? { changed: true } : field === 'to' ? ['p9'] : 'changed';
        expect(verifyChain(entries, head)).toMatchObject({ ok: false, at });
        const rebuilt = new EventLog([], { deferred: true });
        for (const e of entries) rebuilt.appendAll(e.round, e.phase, [{ type: e.type, ...(e.data ? { data: e.data } : {}), ...(e.to ? { to: e.to } : {}) }]);
        expect(rebuilt.head).not.toBe(head);
      }),
      { seed: 26, numRuns: 200 },
    );
  });
});
