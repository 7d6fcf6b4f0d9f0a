import { addressVerdict } from './addressVerdict.ts';
import { hostVerdict } from './hostVerdict.ts';
import { DEFAULT_OUTBOUND_POLICY, outboundPolicy, portOf, type OutboundPolicy } from './outboundPolicy.ts';
import { systemResolver, type Resolver } from './systemResolver.ts';

/**
 * Why a request did not come back: `refused` by the policy (no connection was
 * made), `unreachable` (DNS or the connection failed), `aborted` (the caller's
 * signal, a timeout), `redirects` (more hops than allowed). `detail` names
 * hosts, addresses, ports and error codes: it is for the host log only, never
 * for a person or a player (it would make the House a port scanner).
 */
export interface OutboundFailure {
  kind: 'refused' | 'unreachable' | 'aborted' | 'redirects';
  detail: string;
}

export type GuardedFetchResult = { ok: true; response: Response; url: string; redirects: number } | { ok: false; failure: OutboundFailure };

/** How a request leaves the process: Bun's fetch, or a test's stand-in that sees what would have been sent. */
export type Transport = (url: string, init: BunFetchRequestInit) => Promise<Response>;

export interface GuardedFetchOptions {
  /** Default: HOUSE_FETCH_ALLOW's (`outboundPolicy()`). */
  policy?: OutboundPolicy;
  /**
   * The URL whose host and port alone may be reached through the policy's
   * list (an entrant's own address, when the request is one its answer
   * named); any other host or port, at any hop, must be public. Default: the
   * URL fetched, so a redirect may not leave the host and port first contacted
   * for another one that HOUSE_FETCH_ALLOW lists.
   */
  home?: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Readonly<Record<string, string>>;
  body?: string;
  signal?: AbortSignal;
  /** Redirects followed, each hop checked like the first (0 refuses every redirect); default 3, at most 10. */
  maxRedirects?: number;
  /** Default: the machine's resolver. */
  resolve?: Resolver;
  /** Extra certificate authorities for HTTPS (a test's self-signed server); the system's are used besides. */
  ca?: string;
  transport?: Transport;
}

const DEFAULT_REDIRECTS = 3;
const MAX_REDIRECTS = 10;
/** A name with more addresses than this is refused rather than checked one by one. */
const MAX_ADDRESSES = 64;
/** Checked addresses tried in turn when a connection cannot be opened (nothing was sent). */
const MAX_TRIES = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Errors that mean the connection never opened, so the next checked address may be tried. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL', 'ConnectionRefused', 'FailedToOpenSocket']);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

const fail = (kind: OutboundFailure['kind'], detail: string): { ok: false; failure: OutboundFailure } => ({ ok: false, failure: { kind, detail } });

/** A URL for the host log: bounded, one line. */
const shown = (url: string): string => JSON.stringify(url.length > 160 ? `${url.slice(0, 160)}...` : url);

function codeOf(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && code) return code;
  return error instanceof Error ? error.name : 'error';
}

/** `promise`, or a rejection as soon as `signal` aborts (node:dns cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

type Destination = { ok: true; name: string | null; addresses: string[] } | { ok: false; failure: OutboundFailure };

/** Where one hop may connect: its host judged, a name resolved once and every address it has judged. */
async function destination(url: URL, policy: OutboundPolicy, resolve: Resolver, signal: AbortSignal | undefined): Promise<Destination> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('refused', `${shown(url.href)}: only http and https are fetched`);
  if (url.username || url.password) return fail('refused', `${shown(url.href)}: a URL with credentials is not fetched`);
  const port = portOf(url);
  const host = hostVerdict(url.hostname, policy, port);
  if (host.kind === 'refused') return fail('refused', `${shown(url.href)}: ${host.why}`);
  if (host.kind === 'address') return { ok: true, name: null, addresses: [host.address] };
  let found: readonly string[];
  try {
    found = await abortable(resolve(host.name), signal);
  } catch (error) {
    return signal?.aborted ? fail('aborted', `${shown(url.href)}: aborted while resolving ${host.name}`) : fail('unreachable', `${shown(url.href)}: ${host.name} did not resolve (${codeOf(error)})`);
  }
  if (found.length === 0) return fail('unreachable', `${shown(url.href)}: ${host.name} has no address`);
  if (found.length > MAX_ADDRESSES) return fail('refused', `${shown(url.href)}: ${host.name} has ${found.length} addresses (at most ${MAX_ADDRESSES} are checked)`);
  const addresses: string[] = [];
  for (const address of found) {
    const verdict = addressVerdict(address, policy, { hostListed: host.listed, port });
    if (!verdict.allowed) return fail('refused', `${shown(url.href)}: ${host.name} has an address the House does not fetch from: ${verdict.why}`);
    if (!addresses.includes(verdict.address)) addresses.push(verdict.address);
  }
  return { ok: true, name: host.name, addresses };
}

/** A URL's host (no brackets, no trailing dot, lower case) and port: what `home` compares. */
function hostPort(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  return `${host} ${portOf(url)}`;
}

/** `hostPort` of a URL; a home that is not a URL is no host (empty), so every hop must then be public. */
function homeOf(text: string): string {
  try {
    return hostPort(new URL(text));
  } catch {
    return '';
  }
}

/** The policy a hop is judged under: the whole list for the home host and port, public addresses only for any other. */
function policyAt(url: URL, home: string, policy: OutboundPolicy): OutboundPolicy {
  return hostPort(url) === home ? policy : DEFAULT_OUTBOUND_POLICY;
}

interface Request {
  method: string;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
  ca: string | undefined;
}

/**
 * One hop, sent to a checked address and nowhere else: the URL names the
 * address, the Host header (and for HTTPS the SNI and the certificate check)
 * the name, so nothing resolves the name again between the check and the
 * connection (no DNS rebinding). Redirects come back to the caller.
 */
async function send(url: URL, to: Extract<Destination, { ok: true }>, request: Request, transport: Transport): Promise<{ ok: true; response: Response } | { ok: false; failure: OutboundFailure }> {
  let detail = `${shown(url.href)}: no address to connect to`;
  for (const address of to.addresses.slice(0, MAX_TRIES)) {
    const direct = new URL(url.href);
    direct.hostname = address.includes(':') ? `[${address}]` : address;
    const headers = new Headers(request.headers);
    headers.set('host', url.host);
    const tls = url.protocol === 'https:' && (to.name !== null || request.ca !== undefined) ? { ...(to.name !== null ? { serverName: to.name } : {}), ...(request.ca !== undefined ? { ca: request.ca } : {}) } : undefined;
    try {
      const response = await transport(direct.href, { method: request.method, headers, body: request.body, redirect: 'manual', signal: request.signal, ...(tls ? { tls } : {}) });
      return { ok: true, response };
    } catch (error) {
      if (request.signal?.aborted) return fail('aborted', `${shown(url.href)}: aborted while fetching from ${direct.host}`);
      const code = codeOf(error);
      detail = `${shown(url.href)}: could not fetch from ${direct.host} (${code})`;
      if (!NOT_CONNECTED.has(code)) break;
    }
  }
  return fail('unreachable', detail);
}

/**
 * The one way the House fetches from outside (Influence's `img:` checks;
 * remote players next). Each hop's host is judged by the policy before any
 * connection (`hostVerdict`); a name is resolved once and every address it
 * has must pass (`addressVerdict`); the connection goes to a checked address
 * with the name in the Host header and SNI. A redirect is a new hop, judged
 * the same, at most `maxRedirects` of them, except that HOUSE_FETCH_ALLOW's
 * list serves only the host and port of `home` (the URL first fetched): a
 * hop anywhere else must be public, so an allowed agent cannot send the House
 * on to another local port or host. Credentials do not follow a redirect to
 * another origin, and a 303 (or a 301/302 after a POST) becomes a GET.
 * Never throws: a failure comes back with its kind and a detail for the host
 * log. The response's body is the caller's to read or cancel.
 */
export async function guardedFetch(url: string, options: GuardedFetchOptions = {}): Promise<GuardedFetchResult> {
  const policy = options.policy ?? outboundPolicy().policy;
  const resolve = options.resolve ?? systemResolver;
  const transport: Transport = options.transport ?? ((target, init) => fetch(target, init));
  const wanted = options.maxRedirects ?? DEFAULT_REDIRECTS;
  const maxRedirects = Number.isInteger(wanted) ? Math.min(Math.max(wanted, 0), MAX_REDIRECTS) : DEFAULT_REDIRECTS;
  const request: Request = { method: options.method ?? 'GET', headers: new Headers(options.headers), body: options.body, signal: options.signal, ca: options.ca };
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return fail('refused', `${shown(url)} is not a URL`);
  }
  const home = homeOf(options.home ?? url);
  // Each pass is a hop; the last one allowed returns, so the loop ends within maxRedirects + 1 passes.
  for (let hop = 0; ; hop += 1) {
    const to = await destination(current, policyAt(current, home, policy), resolve, request.signal);
    if (!to.ok) return to;
    const sent = await send(current, to, request, transport);
    if (!sent.ok) return sent;
    const { response } = sent;
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
    if (location === null) return { ok: true, response, url: current.href, redirects: hop };
    await response.body?.cancel().catch(() => undefined);
    if (hop === maxRedirects) return fail('redirects', `${shown(current.href)} redirects again after ${maxRedirects} redirect${maxRedirects === 1 ? '' : 's'}`);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return fail('refused', `${shown(current.href)} redirects to ${shown(location)}, which is not a URL`);
    }
    if (next.origin !== current.origin) for (const name of CREDENTIAL_HEADERS) request.headers.delete(name);
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === 'POST')) {
      if (request.method !== 'HEAD') request.method = 'GET';
      request.body = undefined;
      request.headers.delete('content-type');
    }
    current = next;
  }
}
