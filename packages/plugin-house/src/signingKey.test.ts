import { expect, test } from 'bun:test';
import { createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fingerprintOf, houseKey, KEY_FILE as OLD_KEY_FILE } from '@the-house/lab/signing/matchSignature.ts';
import { houseSigningKey, KEY_FILE, publishedKey } from './signingKey.ts';

function folders() {
  const root = mkdtempSync(join(tmpdir(), 'house-key-'));
  const data = join(root, 'data');
  const matches = join(root, 'matches');
  mkdirSync(matches);
  return { root, data, matches, done: () => rmSync(root, { recursive: true, force: true }) };
}

test('issue 33 (7): the signing key is made in the data folder (0600), never in the match folder people may share, and read back the same', () => {
  const f = folders();
  try {
    const key = houseSigningKey(f.data, f.matches);
    expect(statSync(join(f.data, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(readdirSync(f.matches)).toEqual([]);
    expect(readdirSync(f.data)).toEqual([KEY_FILE]);
    const published = publishedKey(f.data, f.matches);
    expect(published).toMatchObject({ ok: true, fingerprint: fingerprintOf(createPublicKey(key)) });
  } finally {
    f.done();
  }
});

test('issue 33 (7): a key an earlier House kept in the match folder is moved out once, the same key, and said once', () => {
  const f = folders();
  try {
    const old = houseKey(f.matches);
    expect(existsSync(join(f.matches, OLD_KEY_FILE))).toBe(true);
    const lines: string[] = [];
    const key = houseSigningKey(f.data, f.matches, (line) => lines.push(line));
    expect(fingerprintOf(createPublicKey(key))).toBe(fingerprintOf(createPublicKey(old)));
    expect(existsSync(join(f.matches, OLD_KEY_FILE))).toBe(false);
    expect(readFileSync(join(f.data, KEY_FILE), 'utf8')).toBe(old.export({ type: 'pkcs8', format: 'pem' }).toString());
    houseSigningKey(f.data, f.matches, (line) => lines.push(line));
    expect(lines).toEqual([`the match-signing key was in the shared match folder (HOUSE_MATCH_DIR); it was moved to HOUSE_DATA_DIR/${KEY_FILE}`]);
  } finally {
    f.done();
  }
});

test('issue 33 (7): a data folder that is full or no folder: one plain line naming no path, and no temp file left; a key made before is still published', () => {
  const f = folders();
  try {
    mkdirSync(f.data);
    symlinkSync('/dev/full', join(f.data, `${KEY_FILE}.${process.pid}.tmp`));
    expect(publishedKey(f.data, f.matches)).toEqual({ ok: false, why: 'the House could not make or read its signing key: the disk is full' });
    expect(readdirSync(f.data)).toEqual([]);
    const nowhere = '/proc/sys/kernel/ostype/house';
    expect(publishedKey(nowhere, f.matches)).toEqual({ ok: false, why: 'the House could not make or read its signing key: its folder is not a folder that can hold it' });
    writeFileSync(join(f.data, KEY_FILE), 'not a key');
    expect(publishedKey(f.data, f.matches)).toEqual({ ok: false, why: 'the House could not read its signing key: its file is not a private key' });
    rmSync(join(f.data, KEY_FILE));
    const made = publishedKey(f.data, f.matches);
    expect(made.ok).toBe(true);
    // The key is held once made: a folder that fills up afterwards does not take the published key away.
    rmSync(f.data, { recursive: true });
    symlinkSync('/dev/full', f.data);
    expect(publishedKey(f.data, f.matches)).toEqual(made);
  } finally {
    f.done();
  }
});
