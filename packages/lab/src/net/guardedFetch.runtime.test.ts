import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TEST_TLS_CERT, TEST_TLS_KEY, TEST_TLS_NAME } from '../testing/testTls.ts';
import { guardedFetch, type GuardedFetchResult, type Transport } from './guardedFetch.ts';
import { DEFAULT_OUTBOUND_POLICY, parseFetchAllow, type OutboundPolicy } from './outboundPolicy.ts';
import type { Resolver } from './systemResolver.ts';

/**
 * The outbound policy on the wire (issue 23), with loopback servers only: the
 * House's own (127.0.0.1, which HOUSE_FETCH_ALLOW=127.0.0.1 lets through) and
 * an "internal" one on 127.0.0.2 that nothing may reach. Every request goes
 * through a transport that records where it would connect and never leaves
 * loopback, so a refused destination shows as no record and no hit.
 */

const policyOf = (text: string): OutboundPolicy => {
  const parsed = parseFetchAllow(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.policy;
};
/** Every port of 127.0.0.1 (the test servers' ports are the system's pick). */
const LOOPBACK = policyOf('127.0.0.1:*');

let house: ReturnType<typeof Bun.serve>;
let internal: ReturnType<typeof Bun.serve>;
let secure: ReturnType<typeof Bun.serve>;
let base: string;
let internalBase: string;
const hits = { house: 0, internal: 0, secure: 0 };
const seen: Array<{ path: string; host: string | null; authorization: string | null; method: string; body: string }> = [];
/** Where the transport was asked to connect. */
let asked: string[] = [];

const loopbackOnly: Transport = (url, init) => {
  asked.push(url);
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== '127.0.0.2') return Promise.reject(Object.assign(new Error(`the test transport does not leave loopback (${host})`), { code: 'TEST_NOT_LOOPBACK' }));
  return fetch(url, init);
};

/** A resolver from a table; counts its questions and answers ENOTFOUND for names it does not know. */
function tableResolver(table: ReadonlyMap<string, readonly string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = (async (name: string) => {
    calls.push(name);
    const found = table.get(name);
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found;
  }) as Resolver & { calls: string[] };
  resolve.calls = calls;
  return resolve;
}
const noDns = tableResolver(new Map());

beforeAll(() => {
  house = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      hits.house += 1;
      const url = new URL(req.url);
      seen.push({ path: url.pathname, host: req.headers.get('host'), authorization: req.headers.get('authorization'), method: req.method, body: await req.text() });
      if (url.pathname === '/redirect') return new Response(null, { status: Number(url.searchParams.get('status') ?? 302), headers: { location: url.searchParams.get('to')! } });
      const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
      if (chain) return Number(chain[1]) === 0 ? new Response('end of chain') : new Response(null, { status: 302, headers: { location: `/chain/${Number(chain[1]) - 1}` } });
      if (url.pathname === '/loop') return new Response(null, { status: 307, headers: { location: '/loop' } });
      if (url.pathname === '/slow') return new Promise<Response>(() => {});
      return new Response('hello from the House', { headers: { 'content-type': 'text/plain' } });
    },
  });
  internal = Bun.serve({
    port: 0,
    hostname: '127.0.0.2',
    fetch() {
      hits.internal += 1;
      return new Response('internal secret');
    },
  });
  secure = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    tls: { cert: TEST_TLS_CERT, key: TEST_TLS_KEY },
    fetch(req) {
      hits.secure += 1;
      return new Response(`secure hello to ${req.headers.get('host')}`);
    },
  });
  base = `http://127.0.0.1:${house.port}`;
  internalBase = `http://127.0.0.2:${internal.port}`;
});

afterAll(() => {
  house.stop(true);
  internal.stop(true);
  secure.stop(true);
});

const refusal = (result: GuardedFetchResult): string => {
  expect(result.ok).toBe(false);
  const { failure } = result as Extract<GuardedFetchResult, { ok: false }>;
  expect(failure.kind).toBe('refused');
  return failure.detail;
};

describe('guardedFetch: the outbound policy on every request', () => {
  test('loopback, private, link-local, metadata, CGNAT, decimal, octal, hex and IPv6-mapped URLs are refused with no connection and no DNS question', async () => {
    const before = { ...hits };
    asked = [];
    const port = house.port;
    const urls = [
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://127.1:${port}/`,
      `http://127.0.0.1.:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[::127.0.0.1]:${port}/`,
      `http://[::1]:${port}/`,
      `http://localhost:${port}/`,
      `http://localhost.:${port}/`,
      `http://0:${port}/`,
      `${internalBase}/`,
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.1.1/admin',
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://2852039166/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://intranet/',
    ];
    for (const url of urls) refusal(await guardedFetch(url, { transport: loopbackOnly, resolve: noDns }));
    expect(asked).toEqual([]);
    expect(noDns.calls).toEqual([]);
    expect(hits).toEqual(before);
  });

  test('with nothing in HOUSE_FETCH_ALLOW the loopback server itself is refused', async () => {
    const before = hits.house;
    const detail = refusal(await guardedFetch(`${base}/img.png`, { policy: DEFAULT_OUTBOUND_POLICY, transport: loopbackOnly }));
    expect(detail).toBe(`${JSON.stringify(`${base}/img.png`)}: 127.0.0.1 is loopback (127.0.0.0/8)`);
    expect(hits.house).toBe(before);
  });

  test('a public-looking name whose DNS answer is private, loopback, metadata or mixed is refused before any connection', async () => {
    asked = [];
    const resolve = tableResolver(
      new Map([
        ['images.example.org', ['10.0.0.5']],
        ['cdn.example.org', ['93.184.215.14', '127.0.0.1']],
        ['evil.example.org', ['169.254.169.254']],
        ['mapped.example.org', ['::ffff:127.0.0.1']],
        ['six.example.org', ['fd00::1']],
      ]),
    );
    expect(refusal(await guardedFetch('https://images.example.org/a.png', { transport: loopbackOnly, resolve }))).toBe('"https://images.example.org/a.png": images.example.org has an address the House does not fetch from: 10.0.0.5 is private (RFC 1918)');
    expect(refusal(await guardedFetch('https://cdn.example.org/a.png', { transport: loopbackOnly, resolve }))).toEndWith('127.0.0.1 is loopback (127.0.0.0/8)');
    expect(refusal(await guardedFetch('http://evil.example.org/', { transport: loopbackOnly, resolve }))).toContain('169.254.169.254 is the cloud metadata address');
    expect(refusal(await guardedFetch(`http://mapped.example.org:${house.port}/`, { transport: loopbackOnly, resolve }))).toEndWith('127.0.0.1 is loopback (127.0.0.0/8)');
    expect(refusal(await guardedFetch('http://six.example.org/', { transport: loopbackOnly, resolve }))).toEndWith('fd00::1 is unique local (fc00::/7)');
    expect(resolve.calls).toEqual(['images.example.org', 'cdn.example.org', 'evil.example.org', 'mapped.example.org', 'six.example.org']);
    expect(asked).toEqual([]);
  });

  test('DNS is asked once per request and the connection goes to the checked address, the name in the Host header (no rebinding)', async () => {
    // A rebinding resolver: an allowed answer first, then an internal one.
    const answers = [['127.0.0.1'], ['127.0.0.2']];
    const calls: string[] = [];
    const resolve: Resolver = async (name) => {
      calls.push(name);
      return answers[Math.min(calls.length - 1, answers.length - 1)]!;
    };
    asked = [];
    seen.length = 0;
    const got = await guardedFetch(`http://images.example.org:${house.port}/img.png`, { policy: LOOPBACK, resolve, transport: loopbackOnly });
    expect(got.ok).toBe(true);
    const ok = got as Extract<GuardedFetchResult, { ok: true }>;
    expect(await ok.response.text()).toBe('hello from the House');
    expect(ok.url).toBe(`http://images.example.org:${house.port}/img.png`);
    expect(calls).toEqual(['images.example.org']);
    expect(asked).toEqual([`http://127.0.0.1:${house.port}/img.png`]);
    expect(seen).toMatchObject([{ path: '/img.png', host: `images.example.org:${house.port}` }]);
    // The next request asks again, and its internal answer is refused: no connection to 127.0.0.2.
    const before = hits.internal;
    expect(refusal(await guardedFetch(`http://images.example.org:${internal.port}/`, { policy: LOOPBACK, resolve, transport: loopbackOnly }))).toEndWith('127.0.0.2 is loopback (127.0.0.0/8)');
    expect(calls).toEqual(['images.example.org', 'images.example.org']);
    expect(hits.internal).toBe(before);
  });

  test('an IPv6 answer is connected to in brackets, the name in the Host header', async () => {
    const six = Bun.serve({ port: 0, hostname: '::1', fetch: (req) => new Response(`six hello to ${req.headers.get('host')}`) });
    try {
      const resolve = tableResolver(new Map([['six.example.org', ['0:0:0:0:0:0:0:1']]]));
      const got = await guardedFetch(`http://six.example.org:${six.port}/a.png`, { policy: policyOf(`[::1]:${six.port}`), resolve });
      expect(await (got as Extract<GuardedFetchResult, { ok: true }>).response.text()).toBe(`six hello to six.example.org:${six.port}`);
      expect(refusal(await guardedFetch(`http://six.example.org:${six.port}/a.png`, { policy: LOOPBACK, resolve }))).toEndWith('::1 is loopback (::1)');
    } finally {
      six.stop(true);
    }
  });

  test('HTTPS to a checked address keeps the name: SNI and the certificate check are for the name, not the address', async () => {
    const resolve = tableResolver(new Map([[TEST_TLS_NAME, ['127.0.0.1']]]));
    const got = await guardedFetch(`https://${TEST_TLS_NAME}:${secure.port}/a.png`, { policy: LOOPBACK, resolve, ca: TEST_TLS_CERT });
    expect(got.ok).toBe(true);
    expect(await (got as Extract<GuardedFetchResult, { ok: true }>).response.text()).toBe(`secure hello to ${TEST_TLS_NAME}:${secure.port}`);
    // The same server by its address: the certificate does not name 127.0.0.1, so the check fails.
    const byAddress = await guardedFetch(`https://127.0.0.1:${secure.port}/a.png`, { policy: LOOPBACK, ca: TEST_TLS_CERT });
    expect(byAddress).toMatchObject({ ok: false, failure: { kind: 'unreachable', detail: expect.stringContaining('ERR_TLS_CERT_ALTNAME_INVALID') } });
  });

  test('HOUSE_FETCH_ALLOW=127.0.0.1:* lets the loopback server through; a redirect from it to a non-allowed address is refused at the hop', async () => {
    const open = await guardedFetch(`${base}/img.png`, { policy: LOOPBACK, transport: loopbackOnly });
    expect(open.ok).toBe(true);
    expect(await (open as Extract<GuardedFetchResult, { ok: true }>).response.text()).toBe('hello from the House');

    asked = [];
    const before = hits.internal;
    const to = (target: string, status = 302) => `${base}/redirect?status=${status}&to=${encodeURIComponent(target)}`;
    expect(refusal(await guardedFetch(to(`${internalBase}/secret`), { policy: LOOPBACK, transport: loopbackOnly }))).toBe(`${JSON.stringify(`${internalBase}/secret`)}: 127.0.0.2 is loopback (127.0.0.0/8)`);
    expect(refusal(await guardedFetch(to('http://169.254.169.254/latest/meta-data/', 301), { policy: LOOPBACK, transport: loopbackOnly }))).toContain('169.254.169.254 is the cloud metadata address');
    expect(refusal(await guardedFetch(to('http://[::ffff:10.0.0.1]/', 307), { policy: LOOPBACK, transport: loopbackOnly }))).toEndWith('10.0.0.1 is private (RFC 1918)');
    expect(refusal(await guardedFetch(to('http://2130706434/', 308), { policy: LOOPBACK, transport: loopbackOnly }))).toEndWith('127.0.0.2 is loopback (127.0.0.0/8)');
    expect(refusal(await guardedFetch(to('http://localhost/'), { policy: LOOPBACK, transport: loopbackOnly }))).toEndWith('localhost is under .localhost, a name for local use');
    expect(refusal(await guardedFetch(to('file:///etc/passwd'), { policy: LOOPBACK, transport: loopbackOnly }))).toBe('"file:///etc/passwd": only http and https are fetched');
    const rebound = tableResolver(new Map([['images.example.org', ['10.1.1.1']]]));
    expect(refusal(await guardedFetch(to('http://images.example.org/a.png'), { policy: LOOPBACK, transport: loopbackOnly, resolve: rebound }))).toEndWith('10.1.1.1 is private (RFC 1918)');
    // Only the allowed first hops went out.
    expect(asked.every((url) => url.startsWith(`${base}/redirect?`))).toBe(true);
    expect(asked).toHaveLength(7);
    expect(hits.internal).toBe(before);
  });

  test('redirects within the policy are followed up to the hop limit, each counted', async () => {
    const three = await guardedFetch(`${base}/chain/3`, { policy: LOOPBACK, transport: loopbackOnly });
    expect(three).toMatchObject({ ok: true, url: `${base}/chain/0`, redirects: 3 });
    expect(await guardedFetch(`${base}/chain/4`, { policy: LOOPBACK, transport: loopbackOnly })).toEqual({ ok: false, failure: { kind: 'redirects', detail: `${JSON.stringify(`${base}/chain/1`)} redirects again after 3 redirects` } });
    expect(await guardedFetch(`${base}/loop`, { policy: LOOPBACK, transport: loopbackOnly, maxRedirects: 10 })).toMatchObject({ ok: false, failure: { kind: 'redirects' } });
    expect(await guardedFetch(`${base}/chain/1`, { policy: LOOPBACK, transport: loopbackOnly, maxRedirects: 0 })).toMatchObject({ ok: false, failure: { kind: 'redirects', detail: expect.stringContaining('after 0 redirects') } });
    // Out-of-range hop limits are bounded (at most 10), never unbounded.
    expect(await guardedFetch(`${base}/loop`, { policy: LOOPBACK, transport: loopbackOnly, maxRedirects: 1e9 })).toMatchObject({ ok: false, failure: { kind: 'redirects', detail: expect.stringContaining('after 10 redirects') } });
  });

  test('credentials do not follow a redirect to another origin; a 303 after a POST becomes a GET without the body', async () => {
    const other = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (req) => new Response(JSON.stringify({ authorization: req.headers.get('authorization'), cookie: req.headers.get('cookie') })),
    });
    // The other origin is a public one, as far as the policy knows: its name resolves to a public address, which this transport takes to the loopback server.
    const resolve = tableResolver(new Map([['elsewhere.example.org', ['93.184.215.14']]]));
    const publicToLoopback: Transport = (url, init) => {
      const target = new URL(url);
      if (target.hostname === '93.184.215.14') target.host = `127.0.0.1:${other.port}`;
      return loopbackOnly(target.href, init);
    };
    try {
      const headers = { authorization: 'Bearer sk-test-secret', cookie: 'session=1' };
      const away = await guardedFetch(`${base}/redirect?to=${encodeURIComponent('http://elsewhere.example.org/echo')}`, { policy: LOOPBACK, transport: publicToLoopback, resolve, headers });
      expect(await (away as Extract<GuardedFetchResult, { ok: true }>).response.json()).toEqual({ authorization: null, cookie: null });
      seen.length = 0;
      await guardedFetch(`${base}/redirect?to=%2Fhome`, { policy: LOOPBACK, transport: loopbackOnly, headers });
      expect(seen.map((s) => s.authorization)).toEqual(['Bearer sk-test-secret', 'Bearer sk-test-secret']);
      seen.length = 0;
      const posted = await guardedFetch(`${base}/redirect?status=303&to=%2Fdone`, { policy: LOOPBACK, transport: loopbackOnly, method: 'POST', body: '{"move":1}', headers: { 'content-type': 'application/json' } });
      expect(posted.ok).toBe(true);
      expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
        ['POST', '/redirect', '{"move":1}'],
        ['GET', '/done', ''],
      ]);
    } finally {
      other.stop(true);
    }
  });

  test('issue 33 finding 3: an allow entry carries its port, and a redirect may not leave the host and port first contacted for another listed one', async () => {
    const service = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('internal service body') });
    const to = (target: string) => `${base}/redirect?to=${encodeURIComponent(target)}`;
    try {
      // The entry names the agent's port: that port only, not the internal service beside it on the same address.
      const onePort = policyOf(`127.0.0.1:${house.port}`);
      expect((await guardedFetch(`${base}/img.png`, { policy: onePort, transport: loopbackOnly })).ok).toBe(true);
      expect(refusal(await guardedFetch(`http://127.0.0.1:${service.port}/`, { policy: onePort, transport: loopbackOnly }))).toContain(`lists it for other ports than ${service.port}`);
      // Without a port, an entry lets through 80 and 443 only.
      expect(refusal(await guardedFetch(`${base}/img.png`, { policy: policyOf('127.0.0.1'), transport: loopbackOnly }))).toContain(`lists it for other ports than ${house.port}`);
      // Every port listed (`:*`): the agent's redirect to another port of the same address is still refused, at the hop.
      asked = [];
      expect(refusal(await guardedFetch(to(`http://127.0.0.1:${service.port}/secret`), { policy: LOOPBACK, transport: loopbackOnly }))).toBe(`${JSON.stringify(`http://127.0.0.1:${service.port}/secret`)}: 127.0.0.1 is loopback (127.0.0.0/8)`);
      expect(asked).toHaveLength(1);
      // A redirect to another name that resolves to the same address is another host.
      const resolve = tableResolver(new Map([['agent.example.org', ['127.0.0.1']]]));
      expect(refusal(await guardedFetch(to(`http://agent.example.org:${house.port}/`), { policy: policyOf(`127.0.0.1:*, agent.example.org:*`), transport: loopbackOnly, resolve }))).toContain('127.0.0.1 is loopback');
      // An address named by the agent's answer (an A2A card's url) is judged against the agent's own host and port (`home`).
      expect(refusal(await guardedFetch(`http://127.0.0.1:${service.port}/a2a`, { policy: LOOPBACK, home: `${base}/`, transport: loopbackOnly }))).toContain('127.0.0.1 is loopback');
      expect((await guardedFetch(`${base}/a2a`, { policy: LOOPBACK, home: `${base}/`, transport: loopbackOnly })).ok).toBe(true);
      expect(refusal(await guardedFetch(`${base}/a2a`, { policy: LOOPBACK, home: 'not a url', transport: loopbackOnly }))).toContain('127.0.0.1 is loopback');
    } finally {
      service.stop(true);
    }
  });

  test('a closed port, an unknown name and an abort are failures with their detail, never a throw', async () => {
    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
    const port = closed.port;
    closed.stop(true);
    expect(await guardedFetch(`http://127.0.0.1:${port}/a.png`, { policy: LOOPBACK })).toEqual({ ok: false, failure: { kind: 'unreachable', detail: `${JSON.stringify(`http://127.0.0.1:${port}/a.png`)}: could not fetch from 127.0.0.1:${port} (ECONNREFUSED)` } });
    expect(await guardedFetch('https://nowhere.example.org/a.png', { resolve: noDns })).toEqual({ ok: false, failure: { kind: 'unreachable', detail: '"https://nowhere.example.org/a.png": nowhere.example.org did not resolve (ENOTFOUND)' } });
    expect(await guardedFetch('not a url')).toEqual({ ok: false, failure: { kind: 'refused', detail: '"not a url" is not a URL' } });
    expect(await guardedFetch('http://user:pw@8.8.8.8/')).toEqual({ ok: false, failure: { kind: 'refused', detail: '"http://user:pw@8.8.8.8/": a URL with credentials is not fetched' } });
    const slow = new AbortController();
    const pending = guardedFetch(`${base}/slow`, { policy: LOOPBACK, signal: slow.signal });
    slow.abort();
    expect(await pending).toMatchObject({ ok: false, failure: { kind: 'aborted' } });
    const stuck = new AbortController();
    const resolving = guardedFetch('https://stuck.example.org/', { signal: stuck.signal, resolve: () => new Promise<readonly string[]>(() => {}) });
    stuck.abort();
    expect(await resolving).toEqual({ ok: false, failure: { kind: 'aborted', detail: '"https://stuck.example.org/": aborted while resolving stuck.example.org' } });
  });
});
