import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fingerprintOf, KEY_FILE as OLD_KEY_FILE } from '@the-house/lab/signing/matchSignature.ts';
import { fileProblem } from './fileProblem.ts';

/** The House's private signing key, in HOUSE_DATA_DIR: never in the match folder, which people are told they may share. */
export const KEY_FILE = 'house-signing-key';

/** A signing key that cannot be made or read, said in one plain line (no path). */
export class SigningKeyError extends Error {}

const keys = new Map<string, KeyObject>();

/** Removes a file if it is there; a path that cannot be looked at holds nothing to remove. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Nothing was made there.
  }
}

/**
 * Puts `text` at `path` (mode 0600) only if nothing is there yet: written to
 * a temp file of this process, then linked into place (link refuses to
 * replace, so two Houses starting at once keep one key), and the temp file
 * is always removed. False when another key got there first.
 */
function placeOnce(path: string, text: string): boolean {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(temp, text, { mode: 0o600 });
    chmodSync(temp, 0o600);
    linkSync(temp, path);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return false;
    throw error;
  } finally {
    removeQuietly(temp);
  }
}

/**
 * The House's Ed25519 key from `dataDir`. The first time: a key an earlier
 * House kept in the match folder (`house-signing-key.pem`) is moved here
 * once (`log` says so; the same key, so files signed before still verify
 * against what `/house/signing-key` publishes), else a new one is made.
 * Throws a SigningKeyError in one line when the folder refuses it.
 */
export function houseSigningKey(dataDir: string, matchDir: string | null, log: (line: string) => void = () => {}): KeyObject {
  const path = join(dataDir, KEY_FILE);
  const known = keys.get(path);
  if (known) return known;
  try {
    if (!existsSync(path)) {
      const old = matchDir ? join(matchDir, OLD_KEY_FILE) : null;
      if (old && existsSync(old)) {
        placeOnce(path, readFileSync(old, 'utf8'));
        try {
          unlinkSync(old);
          log(`the match-signing key was in the shared match folder (HOUSE_MATCH_DIR); it was moved to HOUSE_DATA_DIR/${KEY_FILE}`);
        } catch (error) {
          log(`the match-signing key was copied from the shared match folder (HOUSE_MATCH_DIR) to HOUSE_DATA_DIR/${KEY_FILE}, but the old copy could not be removed (${fileProblem(error)}): remove ${OLD_KEY_FILE} from that folder`);
        }
      } else placeOnce(path, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    }
    const key = createPrivateKey(readFileSync(path, 'utf8'));
    keys.set(path, key);
    return key;
  } catch (error) {
    if (error instanceof SigningKeyError) throw error;
    // A file system error names its system call; anything else came from reading the key's text.
    const fromFiles = typeof (error as { syscall?: unknown } | null)?.syscall === 'string';
    throw new SigningKeyError(fromFiles ? `the House could not make or read its signing key: ${fileProblem(error)}` : 'the House could not read its signing key: its file is not a private key');
  }
}

/** The public half of the House's key and its fingerprint (what `verify-match --key` checks a file against), or why it cannot be had, in one line. */
export function publishedKey(dataDir: string, matchDir: string | null, log?: (line: string) => void): { ok: true; pem: string; fingerprint: string } | { ok: false; why: string } {
  try {
    const publicKey = createPublicKey(houseSigningKey(dataDir, matchDir, log));
    return { ok: true, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), fingerprint: fingerprintOf(publicKey) };
  } catch (error) {
    return { ok: false, why: error instanceof SigningKeyError ? error.message : 'the House could not read its signing key' };
  }
}
