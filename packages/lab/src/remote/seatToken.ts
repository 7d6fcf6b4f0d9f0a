import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new seat token: 256 random bits, URL-safe, for the entrant's owner alone (shown once). */
export function mintSeatToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the House keeps of a token: its SHA-256, never the token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A seat token's shape: 32 bytes as URL-safe base64, no padding. */
export const SEAT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether `token` hashes to `hash`, compared in constant time; false for anything that is not a token's shape. */
export function tokenMatches(token: string, hash: string): boolean {
  if (!SEAT_TOKEN.test(token) || !/^[0-9a-f]{64}$/.test(hash)) return false;
  return timingSafeEqual(Buffer.from(tokenHash(token), 'hex'), Buffer.from(hash, 'hex'));
}
