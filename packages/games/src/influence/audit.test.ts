import { describe, expect, test } from 'bun:test';
import { EventLog } from '../engine/eventLog.ts';
import { auditLog } from './audit.ts';

function sampleLog() {
  const log = new EventLog();
  log.append(1, 'WHISPER', { type: 'dm', data: { from: 'ann', text: 'psst' }, to: ['ann', 'bob'] });
  log.append(1, 'RUMOR', { type: 'public', data: { from: 'bob', text: 'hello' } });
  return log;
}

describe('auditLog', () => {
  test('passes against the published head', () => {
    const log = sampleLog();
    expect(auditLog(log.entries, log.head)).toEqual({ ok: true, entries: 2, head: log.head, text: `Audit passed: 2 entries, the chain matches the published head ${log.head}.` });
  });

  test('checks the chain alone while no head is published', () => {
    expect(auditLog(sampleLog().entries, null).text).toMatch(/no head published yet/);
  });

  test('fails on an edited entry, a dropped entry, or another head', () => {
    const log = sampleLog();
    const edited = structuredClone([...log.entries]);
    edited[0]!.data = { from: 'ann', text: 'nothing to see' };
    expect(auditLog(edited, log.head)).toMatchObject({ ok: false, text: 'Audit FAILED at entry 0: entry hash does not match its content.' });
    expect(auditLog(log.entries.slice(0, 1), log.head)).toMatchObject({ ok: false, text: 'Audit FAILED at entry 1: chain head differs from the published head.' });
  });
});
