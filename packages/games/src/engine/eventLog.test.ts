import { describe, expect, test } from 'bun:test';
import { EventLog, GENESIS, verifyChain } from './eventLog.ts';

describe('EventLog', () => {
  test('entries are hash-chained and verify', () => {
    const log = new EventLog();
    expect(log.head).toBe(GENESIS);
    log.append(1, 'act', { type: 'a', data: { x: 1 } });
    log.append(1, 'act', { type: 'b', to: ['p1'] });
    expect(log.entries[1]!.prev).toBe(log.entries[0]!.hash);
    const parsed = log.toJSONL().trim().split('\n').map((l) => JSON.parse(l));
    expect(verifyChain(parsed, log.head)).toEqual({ ok: true });
  });

  test('any edit breaks the chain', () => {
    const log = new EventLog();
    log.append(1, 'act', { type: 'a', data: { x: 1 } });
    log.append(2, 'act', { type: 'b' });
    const edited = log.entries.map((e) => ({ ...e }));
    edited[0]!.data = { x: 2 };
    expect(verifyChain(edited)).toMatchObject({ ok: false, at: 0 });
    expect(verifyChain(log.entries, GENESIS)).toMatchObject({ ok: false, at: 2 });
  });

  test('a deferred log chains on first read: the same entries, byte for byte, in the order taken', () => {
    const events = [{ type: 'a', data: { x: 1 } }, { type: 'b', to: ['p1'] }, { type: 'c' }];
    const eager = new EventLog();
    const deferred = new EventLog([], { deferred: true });
    eager.appendAll(1, 'act', events.slice(0, 2));
    deferred.appendAll(1, 'act', events.slice(0, 2));
    eager.append(2, 'act', events[2]!);
    deferred.append(2, 'act', events[2]!);
    deferred.appendAll(3, 'act', [{ type: 'd' }]);
    eager.appendAll(3, 'act', [{ type: 'd' }]);
    expect(deferred.toJSONL()).toBe(eager.toJSONL());
    expect(deferred.head).toBe(eager.head);
    expect(deferred.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
  });
});
