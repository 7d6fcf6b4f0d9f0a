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

/** The pauses before each new try of a request whose connection failed or dropped: at most three more tries, within a second. */
const RETRIES = [100, 250, 500] as const;

/** Waits `ms` unless `signal` aborts first; whether there is still time. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (waited: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(waited);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
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
 * House's POST from anyone's. A connection refused, reset or closed before
 * the whole answer came (never an HTTP status, never the caller's timeout)
 * is tried again, at most three times within a second, while `signal`
 * leaves time.
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
    const signal = init.signal ?? undefined;
    const key = opts.signingKey?.() ?? null;
    for (let retry = 0; ; retry += 1) {
      // Each try is signed afresh: its timestamp is when it is sent.
      if (key) Object.assign(headers, turnSignatureHeaders(body ?? '', key, Date.now()));
      const got = await guardedFetch(url, { policy: opts.policy, ...(opts.home !== undefined ? { home: opts.home } : {}), method: method as Method, headers, body, signal });
      let answer: { status: number; statusText: string; headers: Headers; text: string | null } | null = null;
      if (got.ok) {
        try {
          answer = { status: got.response.status, statusText: got.response.statusText, headers: got.response.headers, text: await boundedText(got.response, limit) };
        } catch (error) {
          if (signal?.aborted) throw error;
          opts.onDetail?.(`${url.slice(0, 160)}: the connection closed before the whole answer came`);
        }
      } else {
        opts.onDetail?.(got.failure.detail);
        if (got.failure.kind !== 'unreachable') throw new RemoteCallError(got.failure.kind === 'refused' ? 'the address is one the House does not call (HOUSE_FETCH_ALLOW)' : got.failure.kind === 'aborted' ? 'no answer in time' : 'too many redirects', got.failure.kind);
      }
      if (answer) {
        if (answer.text === null) throw new RemoteCallError(`the agent's answer is over ${limit} bytes`, 'too-large');
        return new Response(answer.text, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
      }
      // Tried again while the turn has time, with the same body (the same turn id, so an agent can tell a repeat).
      if (retry === RETRIES.length || !(await pause(RETRIES[retry]!, signal))) throw new RemoteCallError('the agent could not be reached', 'unreachable');
    }
  };
  return call as typeof fetch;
}
