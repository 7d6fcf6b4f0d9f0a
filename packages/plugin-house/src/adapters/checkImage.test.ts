import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { jpegBytes, pngBytes } from '../testing/imageBytes.ts';
import { checkImage } from './checkImage.ts';

let server: ReturnType<typeof Bun.serve>;
let base: string;

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
    '/gone.png': { body: 'missing', status: 404 },
  };
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === '/slow.png') return new Promise<Response>(() => {});
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
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(() => server.stop(true));

const check = (path: string, timeoutMs = 2000) => checkImage(`${base}${path}`, { timeoutMs });

describe('the House checks an img: URL by fetching it (loopback server, no network)', () => {
  test('a png or jpeg of at most 512x512 and 1 MB passes', async () => {
    expect(await check('/small.png')).toEqual({ verdict: 'ok' });
    expect(await check('/edge.png')).toEqual({ verdict: 'ok' });
    expect(await check('/photo.jpg')).toEqual({ verdict: 'ok' });
  });

  test('too many pixels, too many bytes, not an image, a wrong type, an error status: refused with the reason', async () => {
    expect(await check('/wide.png')).toEqual({ verdict: 'refused', why: 'the image is 600x100 pixels; the limit is 512x512' });
    expect(await check('/tall.jpg')).toEqual({ verdict: 'refused', why: 'the image is 200x900 pixels; the limit is 512x512' });
    expect(await check('/heavy.png')).toEqual({ verdict: 'refused', why: 'the image is 1,048,619 bytes; the limit is 1,048,576 bytes (1 MB)' });
    // 1 MB and 33 bytes says so, not "the image is 1 MB; the limit is 1 MB".
    expect(await check('/just-over.png')).toEqual({ verdict: 'refused', why: 'the image is 1,048,609 bytes; the limit is 1,048,576 bytes (1 MB)' });
    expect(await check('/streamed.png')).toEqual({ verdict: 'refused', why: 'the image is over the limit of 1,048,576 bytes (1 MB)' });
    expect(await check('/text.png')).toEqual({ verdict: 'refused', why: 'it is not a png or jpeg image' });
    expect(await check('/gif.png')).toEqual({ verdict: 'refused', why: 'the server calls it image/gif, but it is a png' });
    expect(await check('/gone.png')).toEqual({ verdict: 'refused', why: 'the server answered 404 Not Found' });
  });

  test('when the House cannot reach the server or it does not answer, the check did not run: unchecked, with why', async () => {
    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
    const port = closed.port;
    closed.stop(true);
    const refused = await checkImage(`http://127.0.0.1:${port}/a.png`, { timeoutMs: 2000 });
    expect(refused.verdict).toBe('unchecked');
    expect((refused as { why: string }).why).toStartWith(`the House could not reach 127.0.0.1:${port}`);
    expect(await check('/slow.png', 150)).toEqual({ verdict: 'unchecked', why: `no answer from 127.0.0.1:${server.port} within 150 ms` });
  });
});
