import { createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fingerprintOf, houseKey } from './matchSignature.ts';

/** The public half of the local key, beside it: what `verify-match --key` and an agent checking its turns are given. */
export const PUBLIC_KEY_FILE = 'house-public-key.pem';

export interface LocalKey {
  key: KeyObject;
  fingerprint: string;
  /** Where its public key (SPKI, PEM) is. */
  publicKeyPath: string;
}

/**
 * Headless play's own Ed25519 key, in HOUSE_PLAY_KEY_DIR, else `.house`
 * where it runs (made there the first time, mode 0600): it signs `play
 * --out`'s match files and every turn pushed to an A2A agent or an HTTP bot.
 * Never the House's key (HOUSE_DATA_DIR), so nothing played headless passes
 * for a House match; its public key is written beside it.
 */
export function localKey(env: Record<string, string | undefined> = process.env): LocalKey {
  const dir = resolve(env.HOUSE_PLAY_KEY_DIR || '.house');
  const key = houseKey(dir);
  const publicKey = createPublicKey(key);
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const publicKeyPath = join(dir, PUBLIC_KEY_FILE);
  if (!existsSync(publicKeyPath) || readFileSync(publicKeyPath, 'utf8') !== pem) writeFileSync(publicKeyPath, pem);
  return { key, fingerprint: fingerprintOf(publicKey), publicKeyPath };
}
