import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { fingerprintOf } from '../signing/matchSignature.ts';

/** When the House sent the request, in Unix milliseconds (what the signature covers beside the body). */
export const TIMESTAMP_HEADER = 'x-house-timestamp';
/** `ed25519=<base64>`: the House key's signature over `${timestamp}.${body}`. */
export const SIGNATURE_HEADER = 'x-house-signature';
/** The signing key's fingerprint (SHA-256 of its SPKI DER, hex), as `/house/signing-key` and `verify-match` name it. */
export const KEY_HEADER = 'x-house-key';
/** How far a timestamp may be from the verifier's clock, either way: a request replayed later than this is refused. */
export const REPLAY_WINDOW_MS = 300_000;

const fingerprints = new WeakMap<KeyObject, string>();

function fingerprintOfPrivate(key: KeyObject): string {
  let known = fingerprints.get(key);
  if (known === undefined) {
    known = fingerprintOf(createPublicKey(key));
    fingerprints.set(key, known);
  }
  return known;
}

/** The exact bytes signed: the timestamp, a dot, the body as sent. */
export const signedTurnText = (timestamp: string, body: string): string => `${timestamp}.${body}`;

/** The headers that sign `body` (sent now, `now` in Unix ms) with the House's Ed25519 `key`. */
export function turnSignatureHeaders(body: string, key: KeyObject, now: number): Record<string, string> {
  const timestamp = String(Math.trunc(now));
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: `ed25519=${sign(null, Buffer.from(signedTurnText(timestamp, body)), key).toString('base64')}`,
    [KEY_HEADER]: fingerprintOfPrivate(key),
  };
}

/**
 * Whether a request's body and headers were signed by `publicKey` within
 * `windowMs` of `now`: what an agent checks before it trusts a pushed turn
 * (the README's ten lines of node:crypto do the same). Why not, in one line.
 */
export function checkTurnSignature(body: string, headers: { get(name: string): string | null }, publicKey: KeyObject, now: number, windowMs = REPLAY_WINDOW_MS): { ok: true } | { ok: false; error: string } {
  const timestamp = headers.get(TIMESTAMP_HEADER) ?? '';
  const signature = headers.get(SIGNATURE_HEADER) ?? '';
  if (!/^\d{1,15}$/.test(timestamp)) return { ok: false, error: `no ${TIMESTAMP_HEADER} header in Unix milliseconds` };
  if (Math.abs(now - Number(timestamp)) > windowMs) return { ok: false, error: `the timestamp is more than ${windowMs} ms from now (a replay, or a clock off)` };
  if (!signature.startsWith('ed25519=')) return { ok: false, error: `no ${SIGNATURE_HEADER} header of the form ed25519=<base64>` };
  const valid = verify(null, Buffer.from(signedTurnText(timestamp, body)), publicKey, Buffer.from(signature.slice('ed25519='.length), 'base64'));
  return valid ? { ok: true } : { ok: false, error: 'the signature does not verify with the House key' };
}
