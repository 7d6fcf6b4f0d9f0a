import { describe, expect, test } from 'bun:test';
import { CHAIN_START, chainForm, EventLog, GENESIS, sha256Hex, verifyChain, type LogEntry } from './eventLog.ts';

/** A Trust match's log as the engine wrote it before issue 26 (form 1), byte for byte. */
const FORM_1_LOG = `{"seq":0,"round":1,"phase":"act","type":"round","data":{"round":1,"acts":{"ann":{"action":"HIGH_FIVE","target":"bob"},"bob":{"action":"ATTACK","target":"ann"}},"sats":{"ann":44,"bob":54}},"prev":"0000000000000000000000000000000000000000000000000000000000000000","hash":"daf675f8995f0e9d1c93ed2c592ffbe2cff6871b6da582ceffe8fd0863977ddd"}
{"seq":1,"round":2,"phase":"act","type":"round","data":{"round":2,"acts":{"ann":{"action":"ATTACK","target":"bob"},"bob":{"action":"ATTACK","target":"ann"}},"sats":{"ann":44,"bob":54}},"prev":"daf675f8995f0e9d1c93ed2c592ffbe2cff6871b6da582ceffe8fd0863977ddd","hash":"4107ec46014f13e91ffce7c99c5117b9e9411ac2042f1636117340dedf86fa2e"}
{"seq":2,"round":3,"phase":"act","type":"round","data":{"round":3,"acts":{"ann":{"action":"ATTACK","target":"bob"},"bob":{"action":"ATTACK","target":"ann"}},"sats":{"ann":44,"bob":54}},"prev":"4107ec46014f13e91ffce7c99c5117b9e9411ac2042f1636117340dedf86fa2e","hash":"2c659ae2cda25cf24f655fc98d88797eb45800f5ef72bfc3106333aca24c54c3"}
{"seq":3,"round":3,"phase":"act","type":"match_over","data":{"winners":["bob"],"kind":"limit"},"prev":"2c659ae2cda25cf24f655fc98d88797eb45800f5ef72bfc3106333aca24c54c3","hash":"0bc56d355330d09ccd51fe03438ba7e6096cd50e07448e1a1f33a5746bc47ae6"}`;
const form1 = (): LogEntry[] => FORM_1_LOG.split('\n').map((l) => JSON.parse(l) as LogEntry);

describe('EventLog', () => {
  test('entries are hash-chained and verify', () => {
    const log = new EventLog();
    expect(log.head).toBe(GENESIS);
    log.append(1, 'act', { type: 'a', data: { x: 1 } });
    log.append(1, 'act', { type: 'b', to: ['p1'] });
    expect(log.form).toBe(2);
    expect(log.entries[0]!.prev).toBe(CHAIN_START);
    expect(log.entries[1]!.prev).toBe(log.entries[0]!.hash);
    const parsed = log.toJSONL().trim().split('\n').map((l) => JSON.parse(l));
    expect(verifyChain(parsed, log.head)).toEqual({ ok: true });
  });

  test('form 2: an entry’s hash is the SHA-256 of the log’s text up to it, a JSON row and a comma each', () => {
    const log = new EventLog();
    log.append(1, 'act', { type: 'a', data: { x: 1 } });
    log.append(2, 'vote', { type: 'b', to: ['p1'] });
    const text = 'house-event-log/2\n[0,1,"act","a",{"x":1},null],[1,2,"vote","b",null,["p1"]],';
    expect(log.head).toBe(sha256Hex(text));
    expect(CHAIN_START).toBe(sha256Hex('house-event-log/2\n'));
  });

  test('any edit breaks the chain', () => {
    const log = new EventLog();
    log.append(1, 'act', { type: 'a', data: { x: 1 } });
    log.append(2, 'act', { type: 'b' });
    const edited = log.entries.map((e) => ({ ...e }));
    edited[0]!.data = { x: 2 };
    expect(verifyChain(edited)).toMatchObject({ ok: false, at: 0 });
    expect(verifyChain(log.entries, GENESIS)).toMatchObject({ ok: false, at: 2 });
    const added = log.entries.map((e) => ({ ...e }));
    (added[1] as LogEntry & { extra?: number }).extra = 1;
    expect(verifyChain(added)).toMatchObject({ ok: false, at: 1 });
    const nulled = log.entries.map((e) => ({ ...e }));
    (nulled[1] as { data?: unknown }).data = null;
    expect(verifyChain(nulled)).toMatchObject({ ok: false, at: 1 });
  });

  test('a deferred log chains on first read: the same entries, byte for byte, in the order taken; its head alone is the same', () => {
    const events = [{ type: 'a', data: { x: 1 } }, { type: 'b', to: ['p1'] }, { type: 'c' }];
    const eager = new EventLog();
    const deferred = new EventLog([], { deferred: true });
    const headOnly = new EventLog([], { deferred: true });
    for (const log of [eager, deferred, headOnly]) {
      log.appendAll(1, 'act', events.slice(0, 2));
      log.append(2, 'act', events[2]!);
    }
    expect(headOnly.head).toBe(eager.head);
    for (const log of [eager, deferred, headOnly]) log.appendAll(3, 'act', [{ type: 'd' }, { type: 'e', data: { n: 2 } }]);
    expect(headOnly.head).toBe(eager.head);
    expect(deferred.toJSONL()).toBe(eager.toJSONL());
    expect(deferred.head).toBe(eager.head);
    expect(headOnly.toJSONL()).toBe(eager.toJSONL());
    expect(deferred.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
  });

  test('a log rebuilt over the same entries for each event (as Influence keeps its log) chains as one log does', () => {
    const one = new EventLog();
    const kept: LogEntry[] = [];
    for (let i = 0; i < 6; i++) {
      const e = { type: 'dm', data: { i }, to: ['p1', 'p2'] };
      one.append(1, 'WHISPER', e);
      new EventLog(kept).append(1, 'WHISPER', e);
      // A copy of the entries (a state copied for a step) reads its own hash state back from the text.
      if (i === 3) kept.splice(0, kept.length, ...structuredClone(kept));
    }
    expect(kept).toEqual([...one.entries]);
    expect(verifyChain(kept, one.head)).toEqual({ ok: true });
  });

  test('logs written before issue 26 (form 1) still verify, locate damage, and take new entries in their own form', () => {
    const old = form1();
    expect(chainForm(old)).toBe(1);
    expect(verifyChain(old, old.at(-1)!.hash)).toEqual({ ok: true });
    const damaged = form1();
    damaged[2]!.data = { round: 3, acts: {}, sats: { ann: 99, bob: 54 } };
    expect(verifyChain(damaged)).toMatchObject({ ok: false, at: 2, reason: 'entry hash does not match its content' });
    const resumed = new EventLog(form1(), { deferred: true });
    expect(resumed.form).toBe(1);
    resumed.appendAll(4, 'act', [{ type: 'note', data: { after: 'resume' } }]);
    const entries = resumed.entries;
    expect(entries[4]!.hash).toBe(sha256Hex(entries[3]!.hash + JSON.stringify({ seq: 4, round: 4, phase: 'act', type: 'note', data: { after: 'resume' } })));
    expect(verifyChain(entries, resumed.head)).toEqual({ ok: true });
    expect(new EventLog([], { form: 1 }).form).toBe(1);
  });
});
