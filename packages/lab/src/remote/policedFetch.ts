import type { KeyObject } from 'node:crypto';
import { guardedFetch } from '../net/guardedFetch.ts';
import type { OutboundPolicy } from '../net/outboundPolicy.ts';
import { boundedText, MAX_BODY_BYTES } from './boundedText.ts';
import { turnSignatureHeaders } from './turnSignature.ts';

/** Why a remote call failed on the way, for the record: never an address or port (the detail goes to `onDetail`, the host log). */
export class RemoteCallError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'unreachable' | 'aborted' | 'redirects' | 'too-large' | 'status',
  ) {
    super(message);
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const);
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A `fetch` for libraries that take one (`@a2a-js/sdk`'s `fetchImpl`) that
 * goes out only through `guardedFetch` (the House's outbound policy: no
 * loopback, private or metadata address unless HOUSE_FETCH_ALLOW lists it,
 * at every redirect hop; HOUSE_FETCH_ALLOW's list only for `home`'s host
 * and port, so an address an agent's card or redirect names elsewhere must
 * be public) and reads at most `limit` bytes of any body. Its
 * errors say what kind of failure it was; `onDetail` gets the host-log detail.
 * With `signingKey` (the House's key, or headless play's local one; asked for
 * at the first request), every request carries its signature over the body
 * and the time it is sent (`turnSignature.ts`), so an agent can tell the
 * House's POST from anyone's.
 */
export function policedFetch(opts: { policy?: OutboundPolicy; home?: string; limit?: number; onDetail?: (detail: string) => void; signingKey?: () => KeyObject | null } = {}): typeof fetch {
  const limit = opts.limit ?? MAX_BODY_BYTES;
  const call = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (!METHODS.has(method as Method)) throw new RemoteCallError(`the House does not send ${method.slice(0, 10)} requests`, 'refused');
    const headers: Record<string, string> = {};
    new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined)).forEach((value, key) => (headers[key] = value));
    const body = init.body === undefined || init.body === null ? undefined : typeof init.body === 'string' ? init.body : await new Response(init.body).text();
    const key = opts.signingKey?.() ?? null;
    if (key) Object.assign(headers, turnSignatureHeaders(body ?? '', key, Date.now()));
    const got = await guardedFetch(url, { policy: opts.policy, ...(opts.home !== undefined ? { home: opts.home } : {}), method: method as Method, headers, body, signal: init.signal ?? undefined });
    if (!got.ok) {
      opts.onDetail?.(got.failure.detail);
      throw new RemoteCallError(got.failure.kind === 'refused' ? 'the address is one the House does not call (HOUSE_FETCH_ALLOW)' : got.failure.kind === 'aborted' ? 'no answer in time' : got.failure.kind === 'redirects' ? 'too many redirects' : 'the agent could not be reached', got.failure.kind);
    }
    const text = await boundedText(got.response, limit);
    if (text === null) throw new RemoteCallError(`the agent's answer is over ${limit} bytes`, 'too-large');
    return new Response(text, { status: got.response.status, statusText: got.response.statusText, headers: got.response.headers });
  };
  return call as typeof fetch;
}
