import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const SIGNATURE_FORMAT = 'house-signature/1';
/** A signing key's file in a folder, readable by its owner alone. Houses before issue 33 kept theirs in the match folder; the House now keeps it in HOUSE_DATA_DIR (plugin-house's signingKey.ts), and moves one it finds here. */
export const KEY_FILE = 'house-signing-key.pem';
/** The largest signature file read: a few hundred bytes in practice. */
const MAX_SIGNATURE_BYTES = 8_192;

/** Where a match file's signature is: `<id>.match.json` -> `<id>.match.sig.json`, `match.json` (headless play) -> `match.sig.json`; never the match file itself. */
export const signaturePath = (matchFile: string): string => (matchFile.endsWith('.json') ? `${matchFile.slice(0, -'.json'.length)}.sig.json` : `${matchFile}.sig.json`);

/** A match file's signature, beside it: the file's SHA-256 and its log's head, signed with the House's Ed25519 key, whose public half it carries. */
export interface MatchSignature {
  format: typeof SIGNATURE_FORMAT;
  match: string;
  head: string;
  sha256: string;
  /** The House's public key (SPKI, PEM) and its fingerprint (SHA-256 of the DER, hex), for comparing with the one the House publishes. */
  publicKey: string;
  fingerprint: string;
  signature: string;
}

const signatureSchema = z
  .object({ format: z.literal(SIGNATURE_FORMAT), match: z.string().max(256), head: z.string().max(128), sha256: z.string().regex(/^[0-9a-f]{64}$/), publicKey: z.string().max(1_024), fingerprint: z.string().regex(/^[0-9a-f]{64}$/), signature: z.string().max(256) })
  .strict();

/** What is signed: the format, the match, its log's head and the file's bytes' hash, one per line. */
export function signedText(match: string, head: string, sha256: string): string {
  return `${SIGNATURE_FORMAT}\n${match}\n${head}\n${sha256}`;
}

export function fingerprintOf(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex');
}

/**
 * The key from `dir`, made (Ed25519, mode 0600) the first time. A new key is
 * linked into place, which refuses to replace one, so runs (or sweep
 * workers) starting at once all end up with the one that got there first.
 */
export function houseKey(dir: string): KeyObject {
  const path = join(dir, KEY_FILE);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = `${path}.${randomUUID()}.tmp`;
    try {
      writeFileSync(temp, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
      chmodSync(temp, 0o600);
      linkSync(temp, path);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temp, { force: true });
    }
  }
  return createPrivateKey(readFileSync(path, 'utf8'));
}

/** Signs the match file at `file` (its log ends at `head`) with `key`; the signature goes beside it. */
export function signMatchFile(file: string, match: string, head: string, key: KeyObject): MatchSignature {
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
  const publicKey = createPublicKey(key);
  const signature: MatchSignature = {
    format: SIGNATURE_FORMAT,
    match,
    head,
    sha256,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    fingerprint: fingerprintOf(publicKey),
    signature: sign(null, Buffer.from(signedText(match, head, sha256)), key).toString('base64'),
  };
  writeFileSync(signaturePath(file), `${JSON.stringify(signature)}\n`);
  return signature;
}

/** The signature beside a match file, read and checked for shape; why not, in one line. */
export function readSignature(file: string): { ok: true; signature: MatchSignature } | { ok: false; error: string } {
  const path = signaturePath(file);
  if (!existsSync(path)) return { ok: false, error: `no signature beside it (${path})` };
  const text = readFileSync(path, 'utf8');
  if (text.length > MAX_SIGNATURE_BYTES) return { ok: false, error: 'its signature file is too large to be one' };
  try {
    const parsed = signatureSchema.safeParse(JSON.parse(text));
    return parsed.success ? { ok: true, signature: parsed.data } : { ok: false, error: 'its signature file is not a House signature' };
  } catch {
    return { ok: false, error: 'its signature file is not JSON' };
  }
}

/** Whether `signature` is the signing of `file`'s bytes and `head` by the key it names; why not, in one line. */
export function checkSignature(file: string, head: string, signature: MatchSignature): { ok: true } | { ok: false; error: string } {
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
  if (sha256 !== signature.sha256) return { ok: false, error: 'the file is not the one that was signed (its SHA-256 differs)' };
  if (head !== signature.head) return { ok: false, error: "the signature names another log head than the file's" };
  let key: KeyObject;
  try {
    key = createPublicKey(signature.publicKey);
  } catch {
    return { ok: false, error: 'the signature carries no readable public key' };
  }
  if (key.asymmetricKeyType !== 'ed25519' || fingerprintOf(key) !== signature.fingerprint) return { ok: false, error: 'the public key is not the Ed25519 key its fingerprint names' };
  return verify(null, Buffer.from(signedText(signature.match, head, sha256)), key, Buffer.from(signature.signature, 'base64')) ? { ok: true } : { ok: false, error: 'the signature does not verify with that key' };
}
