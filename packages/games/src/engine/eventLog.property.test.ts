import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { ChainCheck, EventLog, GENESIS, sha256Hex, verifyChain, type LogEntry } from './eventLog.ts';
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

describe('ChainCheck: a log checked in parts', () => {
  test('in any parts, of either form, intact or with any entry edited, dropped or swapped: the same result as verifyChain over the whole', () => {
    const formOne = (n: number): LogEntry[] => {
      const entries: LogEntry[] = [];
      let prev = GENESIS;
      for (let i = 0; i < n; i++) {
        const body = { seq: i, round: 1 + Math.floor(i / 3), phase: 'act', type: 'x', data: { i } };
        const hash = sha256Hex(prev + JSON.stringify(body));
        entries.push({ ...body, prev, hash });
        prev = hash;
      }
      return entries;
    };
    const formTwo = (n: number): LogEntry[] => {
      const log = new EventLog();
      for (let i = 0; i < n; i++) log.append(1 + Math.floor(i / 3), 'act', { type: 'x', data: { i } });
      return log.entries.map((e) => structuredClone(e));
    };
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 40 }), fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 10 }), fc.constantFrom('none', 'edit', 'drop', 'swap', 'head'), fc.nat(), (first, n, cuts, spoil, pick) => {
        const entries = first ? formOne(n) : formTwo(n);
        let head: string | undefined = entries.at(-1)?.hash ?? GENESIS;
        const at = n ? pick % n : 0;
        if (n && spoil === 'edit') entries[at]!.data = { i: -1 };
        if (n && spoil === 'drop') entries.splice(at, 1);
        if (n > 1 && spoil === 'swap') [entries[at], entries[(at + 1) % n]] = [entries[(at + 1) % n]!, entries[at]!];
        if (spoil === 'head') head = 'f'.repeat(64);
        const check = new ChainCheck();
        let from = 0;
        for (const cut of cuts) {
          check.add(entries.slice(from, from + cut));
          from += cut;
        }
        check.add(entries.slice(from));
        expect(check.end(head)).toEqual(verifyChain(entries, head));
      }),
      { seed: 33, numRuns: 300 },
    );
  });
});
