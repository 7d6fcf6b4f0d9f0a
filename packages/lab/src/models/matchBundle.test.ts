import { afterAll, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventLog } from '@the-house/games/engine/eventLog.ts';
import { emptyRecord } from './matchRecorder.ts';
import { BUNDLE_FORMAT, bundlePath, readBundle, writeBundle, type MatchBundle } from './matchBundle.ts';

const dir = mkdtempSync(join(tmpdir(), 'house-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bundle(rounds: number): MatchBundle {
  const log = new EventLog();
  for (let r = 1; r <= rounds; r++) log.append(r, 'act', { type: 'round', data: { r } });
  return { format: BUNDLE_FORMAT, id: 'trust-1-aa', game: 'trust', seed: 1, config: {}, players: ['Ada', 'Bram'], options: {}, status: 'finished', outcome: { over: true, winners: ['Ada'], kind: 'richest' }, head: log.head, log: [...log.entries], record: emptyRecord() };
}

test('a match file is written whole or not at all: a full disk or a folder that refuses writes leaves the previous file, whole', () => {
  writeBundle(dir, bundle(3));
  const before = readFileSync(bundlePath(dir, 'trust-1-aa'), 'utf8');
  // The file is written beside itself first: point that at a full device, then at one that refuses writes.
  for (const [target, code] of [['/dev/full', 'ENOSPC'], ['/proc/sys/kernel/ostype', /EACCES|EROFS/]] as const) {
    symlinkSync(target, `${bundlePath(dir, 'trust-1-aa')}.tmp`);
    expect(() => writeBundle(dir, bundle(9))).toThrow(expect.objectContaining({ code: typeof code === 'string' ? code : expect.stringMatching(code) }));
    expect(readFileSync(bundlePath(dir, 'trust-1-aa'), 'utf8')).toBe(before);
    expect(existsSync(`${bundlePath(dir, 'trust-1-aa')}.tmp`)).toBe(false);
  }
  const read = readBundle('trust-1-aa', dir);
  expect(read.ok && read.bundle.log).toHaveLength(3);
  writeBundle(dir, bundle(9));
  const after = readBundle('trust-1-aa', dir);
  expect(after.ok && after.bundle.log).toHaveLength(9);
});

test('read by name, a match file is named by its file name alone: no folder of the server in the error', () => {
  const missing = readBundle('trust-2-bb', dir, { byName: true });
  expect(missing).toEqual({ ok: false, error: "there is no match file 'trust-2-bb.match.json'" });
  writeBundle(dir, { ...bundle(2), id: 'trust-3-cc' });
  rmSync(bundlePath(dir, 'trust-3-cc'));
  symlinkSync('/dev/zero', bundlePath(dir, 'trust-3-cc'));
  const device = readBundle('trust-3-cc', dir, { byName: true });
  expect(device).toEqual({ ok: false, error: "cannot read match file 'trust-3-cc.match.json': it is not a regular file" });
  expect(JSON.stringify(device)).not.toContain(dir);
});
