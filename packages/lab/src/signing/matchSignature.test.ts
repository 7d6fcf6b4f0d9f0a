import { describe, expect, test } from 'bun:test';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
import { runHouseCli } from '../cli/runHouseCli.ts';
import { BUNDLE_FORMAT, writeBundle, type MatchBundle } from '../models/matchBundle.ts';
import { emptyRecord } from '../models/matchRecorder.ts';
import { houseKey, KEY_FILE, signaturePath, signMatchFile } from './matchSignature.ts';

/** A finished Trust match as a House match file, signed with a key made in `dir`. */
function signedMatch(dir: string): string {
  const match = Match.create(trustGame, {}, 4, ['a', 'b']);
  runMatchSync(match, { a: trustGame.strategies.copycat!, b: trustGame.strategies.grudger! });
  const bundle: MatchBundle = { format: BUNDLE_FORMAT, id: 'trust-4-test', game: 'trust', seed: 4, config: {}, players: ['a', 'b'], options: {}, status: 'finished', outcome: match.outcome(), head: match.log!.head, log: [...match.log!.entries], record: emptyRecord() };
  const file = writeBundle(dir, bundle);
  signMatchFile(file, bundle.id, bundle.head, houseKey(dir));
  return file;
}

describe('signed match files and verify-match', () => {
  test('the House key is made once, readable by its owner alone; verify-match passes a signed file, a line per check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'house-signing-'));
    const file = signedMatch(dir);
    expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(houseKey(dir).export({ type: 'pkcs8', format: 'pem' })).toBe(readFileSync(join(dir, KEY_FILE), 'utf8'));
    const run = runHouseCli('verify-match', file);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.map((l) => l.slice(0, 4))).toEqual(['ok  ', 'ok  ', 'ok  ', 'ok  ']);
    expect(lines[1]).toContain('hash chain: every entry follows the one before');
    expect(lines[2]!.slice(5)).toStartWith('outcome: ');
    const publicKey = join(dir, 'house.pub.pem');
    writeFileSync(publicKey, createPublicKey(houseKey(dir)).export({ type: 'spki', format: 'pem' }));
    expect(runHouseCli('verify-match', file, '--key', publicKey).stdout).toContain('ok   key: the one given');
  });

  test('a changed file, a broken chain, another key and a missing signature each fail, naming the check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'house-signing-'));
    const file = signedMatch(dir);
    const original = readFileSync(file, 'utf8');
    const bundle = JSON.parse(original) as MatchBundle;

    (bundle.log[3]!.data as Record<string, unknown>) = { ...bundle.log[3]!.data, forged: true };
    writeFileSync(file, `${JSON.stringify(bundle)}\n`);
    const forged = runHouseCli('verify-match', file);
    expect(forged.code).toBe(1);
    expect(forged.stdout).toContain('FAIL hash chain: breaks at entry 3');
    expect(forged.stdout).toContain('FAIL signature: the file is not the one that was signed');

    writeFileSync(file, original);
    const other = join(dir, 'other.pub.pem');
    writeFileSync(other, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }));
    const wrongKey = runHouseCli('verify-match', file, '--key', other);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toContain('FAIL key: signed by');

    writeFileSync(signaturePath(file), '{"format":"house-signature/1"}\n');
    expect(runHouseCli('verify-match', file).stdout).toContain('FAIL signature: its signature file is not a House signature');
  });
});

describe('signaturePath', () => {
  test("a House file's signature is <id>.match.sig.json; headless play's match.json has match.sig.json, never itself", () => {
    expect(signaturePath('/m/trust-1-ab.match.json')).toBe('/m/trust-1-ab.match.sig.json');
    expect(signaturePath('/out/match.json')).toBe('/out/match.sig.json');
    expect(signaturePath('/out/match')).toBe('/out/match.sig.json');
    for (const file of ['/m/trust-1-ab.match.json', '/out/match.json', '/out/match']) expect(signaturePath(file)).not.toBe(file);
  });

  test('verify-match on an unsigned headless file says it has no signature, where it read the match file as its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unsigned-'));
    const match = Match.create(trustGame, {}, 7, ['a', 'b']);
    runMatchSync(match, { a: trustGame.strategies.copycat!, b: trustGame.strategies.grudger! });
    const bundle: MatchBundle = { format: BUNDLE_FORMAT, id: 'trust-7-headless', game: 'trust', seed: 7, config: {}, players: ['a', 'b'], options: {}, status: 'finished', outcome: match.outcome(), head: match.log!.head, log: [...match.log!.entries], record: emptyRecord() };
    const file = join(dir, 'match.json');
    writeFileSync(file, readFileSync(writeBundle(dir, bundle), 'utf8'));
    const out = runHouseCli('verify-match', file);
    expect(out.code).not.toBe(0);
    expect(out.stderr + out.stdout).toContain('no signature beside it');
    expect(out.stderr + out.stdout).not.toContain('too large to be one');
  }, 30_000);
});
