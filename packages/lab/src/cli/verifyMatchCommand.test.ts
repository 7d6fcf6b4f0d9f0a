import { afterEach, describe, expect, spyOn, test } from 'bun:test';
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
import { verifyMatchCommand } from './verifyMatchCommand.ts';

/** A finished Trust match written as a match file and signed with `key`: any key, as a forger would; `edit` changes the bundle first. */
function signedWith(key: KeyObject, edit: (bundle: MatchBundle) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'house-verify-'));
  const match = Match.create(trustGame, {}, 5, ['a', 'b']);
  runMatchSync(match, { a: trustGame.strategies.copycat!, b: trustGame.strategies.grudger! });
  const bundle: MatchBundle = { format: BUNDLE_FORMAT, id: 'trust-5-forged', game: 'trust', seed: 5, config: {}, players: ['a', 'b'], options: {}, status: 'finished', outcome: match.outcome(), head: match.log!.head, log: [...match.log!.entries], record: emptyRecord() };
  edit(bundle);
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
    expect(unkeyed.stdout).not.toContain('the House key');
    expect(unkeyed.stdout).toContain(`ok   signature: signed by key ${fingerprint} (not checked against a House key; pass --key FILE or --house URL)`);

    const house = generateKeyPairSync('ed25519');
    const pem = join(mkdtempSync(join(tmpdir(), 'house-verify-key-')), 'house.pub.pem');
    writeFileSync(pem, house.publicKey.export({ type: 'spki', format: 'pem' }));
    const against = runHouseCli('verify-match', file, '--key', pem);
    expect(against.code).toBe(1);
    expect(against.stdout).not.toContain('the House key');
    expect(against.stdout).toContain(`FAIL key: signed by ${fingerprint}, not the key given (${fingerprintOf(house.publicKey)})`);

    const own = join(mkdtempSync(join(tmpdir(), 'house-verify-key-')), 'house.pub.pem');
    writeFileSync(own, createPublicKey(forger.privateKey).export({ type: 'spki', format: 'pem' }));
    const keyed = runHouseCli('verify-match', file, '--key', own);
    expect(keyed.code).toBe(0);
    expect(keyed.stdout).toContain(`ok   signature: signed by the House key ${fingerprint} (the key given)`);
  });
});

describe('issue 36: verify-match ties the outcome to the log, and checks a House by its URL', () => {
  afterEach(() => {
    delete process.env.HOUSE_FETCH_ALLOW;
  });

  test('a file whose outcome differs from its log\'s match_over fails in one line, though its signature is valid', () => {
    const key = generateKeyPairSync('ed25519').privateKey;
    const honest = runHouseCli('verify-match', signedWith(key));
    expect(honest.code).toBe(0);
    expect(honest.stdout).toMatch(/^ok   outcome: \w+, winners .+, as its log's match_over says$/m);
    const forged = runHouseCli('verify-match', signedWith(key, (bundle) => {
      bundle.outcome = { ...bundle.outcome, winners: ['b'], kind: 'replicate' };
    }));
    expect(forged.code).toBe(1);
    expect(forged.stdout).toMatch(/^FAIL outcome: the file says replicate, winners b, but its log's match_over says \w+, winners .*$/m);
    expect(forged.stdout).toContain('ok   signature: signed by key');
  });

  test('--house URL checks the signer against the key that House publishes at /house/signing-key', async () => {
    const house = generateKeyPairSync('ed25519');
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (req) => (new URL(req.url).pathname === '/house/signing-key' ? new Response(house.publicKey.export({ type: 'spki', format: 'pem' }).toString()) : new Response('no', { status: 404 })) });
    process.env.HOUSE_FETCH_ALLOW = `127.0.0.1:${server.port}`;
    const out: string[] = [];
    const write = spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
    try {
      const url = `http://127.0.0.1:${server.port}`;
      expect(await verifyMatchCommand([signedWith(house.privateKey), '--house', url])).toBe(0);
      expect(out.join('')).toContain(`ok   signature: signed by the House key ${fingerprintOf(house.publicKey)} (the key ${url} publishes)`);
      out.length = 0;
      const other = generateKeyPairSync('ed25519');
      expect(await verifyMatchCommand([signedWith(other.privateKey), '--house', url])).toBe(1);
      expect(out.join('')).toContain(`FAIL key: signed by ${fingerprintOf(other.publicKey)}, not the key ${url} publishes (${fingerprintOf(house.publicKey)})`);
    } finally {
      write.mockRestore();
      server.stop(true);
    }
  });
});
