import type { KeyObject } from 'node:crypto';
import { checkTurnSignature } from '../turnSignature.ts';

/** A 401 saying why, for a POST the House's key did not sign; null when it did, or when no key was given. */
export function unsigned(body: string, req: Request, key: KeyObject | undefined): Response | null {
  if (!key) return null;
  const checked = checkTurnSignature(body, req.headers, key, Date.now());
  return checked.ok ? null : new Response(`not signed by the House: ${checked.error}`, { status: 401 });
}
