import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { ImageCheck } from '@the-house/games/influence/imageCheck.ts';
import { DEFAULT_OUTBOUND_POLICY, parseFetchAllow, type OutboundPolicy } from '@the-house/lab/net/outboundPolicy.ts';
import type { Resolver } from '@the-house/lab/net/systemResolver.ts';
import { jpegBytes, pngBytes } from '../../testing/imageBytes.ts';
import { checkImage, type ImageCheckOptions } from './checkImage.ts';

let server: ReturnType<typeof Bun.serve>;
let internal: ReturnType<typeof Bun.serve>;
let base: string;
let internalBase: string;
const hits = { house: 0, internal: 0 };

/** The image server is on loopback, on a port of the system's choosing, so these tests let 127.0.0.1 through on every port as HOUSE_FETCH_ALLOW=127.0.0.1:* would; nothing else. */
const parsed = parseFetchAllow('127.0.0.1:*');
if (!parsed.ok) throw new Error(parsed.error);
const LOOPBACK: OutboundPolicy = parsed.policy;

const UNCHECKED: ImageCheck = { verdict: 'unchecked', why: 'the image could not be checked' };

beforeAll(() => {
  const files: Record<string, { body: Uint8Array<ArrayBuffer> | string; type?: string; status?: number }> = {
    '/small.png': { body: pngBytes(64, 64), type: 'image/png' },
    '/edge.png': { body: pngBytes(512, 512) },
    '/wide.png': { body: pngBytes(600, 100), type: 'image/png' },
    '/photo.jpg': { body: jpegBytes(320, 200), type: 'image/jpeg' },
    '/tall.jpg': { body: jpegBytes(200, 900), type: 'image/jpeg' },
    '/heavy.png': { body: pngBytes(64, 64, 1024 * 1024 + 10), type: 'image/png' },
    '/just-over.png': { body: pngBytes(64, 64, 1024 * 1024), type: 'image/png' },
    '/text.png': { body: 'not an image at all', type: 'text/plain' },
    '/gif.png': { body: pngBytes(10, 10), type: 'image/gif' },
    '/long-type.png': { body: pngBytes(10, 10), type: `image/${'x'.repeat(600)}` },
    '/gone.png': { body: 'missing', status: 404 },
  };
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      hits.house += 1;
      const url = new URL(req.url);
      const path = url.pathname;
      if (path === '/slow.png') return new Promise<Response>(() => {});
      if (path === '/redirect') return new Response(null, { status: 302, headers: { location: url.searchParams.get('to')! } });
      if (path === '/streamed.png') {
        // No Content-Length: the cap is enforced while reading.
        const chunk = new Uint8Array(256 * 1024);
        chunk.set(pngBytes(8, 8));
        let sent = 0;
        return new Response(new ReadableStream({ pull(c) { if (sent++ < 6) c.enqueue(chunk); else c.close(); } }), { headers: { 'content-type': 'image/png' } });
      }
      const file = Object.hasOwn(files, path) ? files[path]! : null;
      if (!file) return new Response('no', { status: 404, statusText: 'Not Found' });
      return new Response(file.body, { status: file.status ?? 200, headers: file.type ? { 'content-type': file.type } : {} });
    },
  });
  // What must never be reached: another loopback address the House is not allowed to fetch from.
  internal = Bun.serve({
    port: 0,
    hostname: '127.0.0.2',
    fetch() {
      hits.internal += 1;
      return new Response(pngBytes(8, 8), { headers: { 'content-type': 'image/png' } });
    },
  });
  base = `http://127.0.0.1:${server.port}`;
  internalBase = `http://127.0.0.2:${internal.port}`;
});

afterAll(() => {
  server.stop(true);
  internal.stop(true);
});

const check = (path: string, timeoutMs = 2000) => checkImage(`${base}${path}`, { timeoutMs, policy: LOOPBACK });

/** A check whose host-log lines are kept. */
async function logged(url: string, opts: Partial<ImageCheckOptions> = {}) {
  const lines: string[] = [];
  const verdict = await checkImage(url, { timeoutMs: 2000, policy: LOOPBACK, log: (line) => lines.push(line), ...opts });
  return { verdict, lines };
}

describe('the House checks an img: URL by fetching it (loopback server, no network)', () => {
  test('a png or jpeg of at most 512x512 and 1 MB passes', async () => {
    expect(await check('/small.png')).toEqual({ verdict: 'ok' });
    expect(await check('/edge.png')).toEqual({ verdict: 'ok' });
    expect(await check('/photo.jpg')).toEqual({ verdict: 'ok' });
  });

  test('too many pixels, too many bytes, not an image, a wrong type: refused with the reason', async () => {
    expect(await check('/wide.png')).toEqual({ verdict: 'refused', why: 'the image is 600x100 pixels; the limit is 512x512' });
    expect(await check('/tall.jpg')).toEqual({ verdict: 'refused', why: 'the image is 200x900 pixels; the limit is 512x512' });
    expect(await check('/heavy.png')).toEqual({ verdict: 'refused', why: 'the image is 1,048,619 bytes; the limit is 1,048,576 bytes (1 MB)' });
    // 1 MB and 33 bytes says so, not "the image is 1 MB; the limit is 1 MB".
    expect(await check('/just-over.png')).toEqual({ verdict: 'refused', why: 'the image is 1,048,609 bytes; the limit is 1,048,576 bytes (1 MB)' });
    expect(await check('/streamed.png')).toEqual({ verdict: 'refused', why: 'the image is over the limit of 1,048,576 bytes (1 MB)' });
    expect(await check('/text.png')).toEqual({ verdict: 'refused', why: 'it is not a png or jpeg image' });
    expect(await check('/gif.png')).toEqual({ verdict: 'refused', why: 'the server calls it image/gif, but it is a png' });
    // A type longer than a reason may be is cut, so the verdict stays within its schema.
    const long = await check('/long-type.png');
    expect(long.verdict).toBe('refused');
    const why = (long as { why: string }).why;
    expect(why).toMatch(/^the server calls it image\/x{40,}\.\.\., but it is a png$/);
    expect(why.length).toBeLessThanOrEqual(500);
  });

  test('an error status, a closed port, a timeout, an unknown name: the person hears only that the image could not be checked; the host log has why', async () => {
    const gone = await logged(`${base}/gone.png`);
    expect(gone.verdict).toEqual(UNCHECKED);
    expect(gone.lines).toEqual([`image check of ${JSON.stringify(`${base}/gone.png`)}: the server answered 404`]);

    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
    const port = closed.port;
    closed.stop(true);
    const refused = await logged(`http://127.0.0.1:${port}/a.png`);
    expect(refused.verdict).toEqual(UNCHECKED);
    expect(refused.lines[0]).toContain(`could not fetch from 127.0.0.1:${port} (ECONNREFUSED)`);

    const slow = await logged(`${base}/slow.png`, { timeoutMs: 150 });
    expect(slow.verdict).toEqual(UNCHECKED);
    expect(slow.lines[0]).toContain('no answer within 150 ms');

    const unknown = await logged('https://nowhere.example.org/a.png', { resolve: async () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })) });
    expect(unknown.verdict).toEqual(UNCHECKED);
    expect(unknown.lines[0]).toContain('nowhere.example.org did not resolve (ENOTFOUND)');
  });
});

describe('the outbound policy on image checks (issue 23)', () => {
  test('loopback in every spelling is refused without a connection when HOUSE_FETCH_ALLOW does not list it', async () => {
    const before = hits.house;
    const port = server.port;
    for (const host of ['127.0.0.1', '2130706433', '0177.0.0.1', '0x7f.1', '127.1', '127.0.0.1.', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', 'localhost']) {
      const { verdict, lines } = await logged(`http://${host}:${port}/small.png`, { policy: DEFAULT_OUTBOUND_POLICY });
      expect(verdict).toEqual(UNCHECKED);
      expect(lines[0]).toMatch(/is (loopback|under \.localhost)/);
    }
    expect(hits.house).toBe(before);
  });

  test('a public-looking name whose DNS answer is loopback or private is refused before any connection', async () => {
    const before = hits.house;
    const resolve: Resolver = async (name) => (name === 'images.example.org' ? ['127.0.0.1'] : ['10.0.0.7']);
    const { verdict, lines } = await logged(`http://images.example.org:${server.port}/small.png`, { policy: DEFAULT_OUTBOUND_POLICY, resolve });
    expect(verdict).toEqual(UNCHECKED);
    expect(lines[0]).toContain('images.example.org has an address the House does not fetch from: 127.0.0.1 is loopback');
    expect((await logged('http://cdn.example.org/a.png', { resolve })).lines[0]).toContain('10.0.0.7 is private (RFC 1918)');
    expect(hits.house).toBe(before);
  });

  test('HOUSE_FETCH_ALLOW=127.0.0.1:* lets the image server through; its redirect to an address not allowed is refused at the hop', async () => {
    expect(await check('/small.png')).toEqual({ verdict: 'ok' });
    const before = hits.internal;
    const { verdict, lines } = await logged(`${base}/redirect?to=${encodeURIComponent(`${internalBase}/small.png`)}`);
    expect(verdict).toEqual(UNCHECKED);
    expect(lines[0]).toContain('127.0.0.2 is loopback');
    expect(hits.internal).toBe(before);
    // A redirect within what is allowed is followed.
    expect(await check(`/redirect?to=${encodeURIComponent('/photo.jpg')}`)).toEqual({ verdict: 'ok' });
  });

  test('what the person hears never holds a status code, an address, a port or an error code', async () => {
    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
    const port = closed.port;
    closed.stop(true);
    const cases = [
      `${base}/gone.png`,
      `${base}/nothing-here`,
      `http://127.0.0.1:${port}/a.png`,
      `${base}/redirect?to=${encodeURIComponent(`${internalBase}/`)}`,
      `http://2130706434:${internal.port}/small.png`,
      `http://0x7f.0.0.2:${internal.port}/`,
      `http://[::ffff:127.0.0.2]:${internal.port}/`,
    ];
    for (const url of cases) {
      const verdict = await checkImage(url, { timeoutMs: 2000, policy: LOOPBACK, resolve: async () => ['10.0.0.1'] });
      const said = JSON.stringify(verdict);
      expect(verdict).toEqual(UNCHECKED);
      expect(said).not.toMatch(/\b[1-5]\d\d\b/);
      expect(said).not.toMatch(/\d+\.\d+\.\d+\.\d+|::|localhost/);
      expect(said).not.toMatch(/:\d{2,5}\b/);
      expect(said).not.toMatch(/\bE[A-Z]{3,}\b|ERR_/);
    }
  });
});
