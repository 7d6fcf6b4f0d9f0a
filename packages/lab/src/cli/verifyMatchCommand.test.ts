import { describe, expect, test } from 'bun:test';
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { BUNDLE_FORMAT, writeBundle, type MatchBundle } from '../models/matchBundle.ts';
import { emptyRecord } from '../models/matchRecorder.ts';
import { fingerprintOf, signMatchFile } from '../signing/matchSignature.ts';
import { runHouseCli } from './runHouseCli.ts';

/** A finished Trust match written as a match file and signed with `key`: any key, as a forger would. */
function signedWith(key: KeyObject): string {
  const dir = mkdtempSync(join(tmpdir(), 'house-verify-'));
  const match = Match.create(trustGame, {}, 5, ['a', 'b']);
  runMatchSync(match, { a: trustGame.strategies.copycat!, b: trustGame.strategies.grudger! });
  const bundle: MatchBundle = { format: BUNDLE_FORMAT, id: 'trust-5-forged', game: 'trust', seed: 5, config: {}, players: ['a', 'b'], options: {}, status: 'finished', outcome: match.outcome(), head: match.log!.head, log: [...match.log!.entries], record: emptyRecord() };
  const file = writeBundle(dir, bundle);
  signMatchFile(file, bundle.id, bundle.head, key);
  return file;
}

describe('verify-match names the key that signed, and calls it the House key only when it was checked against one', () => {
  test('issue 33: a file signed with any key is valid by that key, never "the House key", unless --key names it', () => {
    const forger = generateKeyPairSync('ed25519');
    const file = signedWith(forger.privateKey);
    const fingerprint = fingerprintOf(forger.publicKey);
    const unkeyed = runHouseCli('verify-match', file);
    expect(unkeyed.stdout).not.toContain('House key');
    expect(unkeyed.stdout).toContain(`ok   signature: valid, made with key ${fingerprint}; whose key that is was not checked (give --key house.pub.pem, the key the House publishes at /house/signing-key)`);

    const house = generateKeyPairSync('ed25519');
    const pem = join(mkdtempSync(join(tmpdir(), 'house-verify-key-')), 'house.pub.pem');
    writeFileSync(pem, house.publicKey.export({ type: 'spki', format: 'pem' }));
    const against = runHouseCli('verify-match', file, '--key', pem);
    expect(against.code).toBe(1);
    expect(against.stdout).not.toContain('House key');
    expect(against.stdout).toContain(`FAIL key: signed by ${fingerprint}, not the key given (${fingerprintOf(house.publicKey)})`);

    const own = join(mkdtempSync(join(tmpdir(), 'house-verify-key-')), 'house.pub.pem');
    writeFileSync(own, createPublicKey(forger.privateKey).export({ type: 'spki', format: 'pem' }));
    const keyed = runHouseCli('verify-match', file, '--key', own);
    expect(keyed.code).toBe(0);
    expect(keyed.stdout).toContain(`ok   signature: signed by the House key ${fingerprint} (the key given)`);
  });
});
