import { afterAll, expect, test } from 'bun:test';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromThisMachine, peopleRateLimit, replaceApiRateLimit } from './peopleRateLimit.ts';

/** A server behind the limit, where every request counts as coming from elsewhere unless it says `x-test-local`. */
const limit = peopleRateLimit((req) => req.headers['x-test-local'] === '1');
const server = createServer((req, res) => limit(req, res, () => res.end('ok')));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agents`;
afterAll(() => server.close());

test('a person from elsewhere over the write budget is told in one line which budget, and when it frees up; reads go on', async () => {
  let last: Response | null = null;
  for (let i = 0; i < 1001; i++) {
    last = await fetch(url, { method: 'POST' });
    if (i < 1000) expect(last.status).toBe(200);
    await last.arrayBuffer().catch(() => undefined);
  }
  const refused = await fetch(url, { method: 'POST' });
  expect(refused.status).toBe(429);
  const body = (await refused.json()) as { success: boolean; error: { code: string; message: string } };
  expect(body.success).toBe(false);
  expect(body.error.code).toBe('RATE_LIMIT_EXCEEDED');
  expect(body.error.message).toBe('Too many requests from your address: at most 1,000 writes per 15 minutes; try again in 15 minutes.');
  expect((await fetch(url)).status).toBe(200);
  expect((await fetch(url, { method: 'POST', headers: { 'x-test-local': '1' } })).status).toBe(200);
});

test("this machine is loopback with no proxy's forwarding header", () => {
  const req = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
  expect(fromThisMachine(req('127.0.0.1'))).toBe(true);
  expect(fromThisMachine(req('127.0.0.2'))).toBe(true);
  expect(fromThisMachine(req('::1'))).toBe(true);
  expect(fromThisMachine(req('::ffff:127.0.0.1'))).toBe(true);
  expect(fromThisMachine(req('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }))).toBe(false);
  expect(fromThisMachine(req('127.0.0.1', { forwarded: 'for=203.0.113.9' }))).toBe(false);
  expect(fromThisMachine(req('192.168.1.20'))).toBe(false);
  expect(fromThisMachine(req('::ffff:10.0.0.3'))).toBe(false);
});

test("the server's /api limiter is found by its shape and replaced; an app without one is left alone", () => {
  const own = Object.assign(() => undefined, { resetKey: () => undefined, getKey: () => undefined });
  const api = { handle: Object.assign(() => undefined, { stack: [{ handle: () => undefined }, { handle: own }] }) };
  const app = { router: { stack: [{ handle: () => undefined }, api] } };
  const mine = () => undefined;
  expect(replaceApiRateLimit(app, mine)).toBe(true);
  expect(api.handle.stack[1]!.handle).toBe(mine);
  expect(replaceApiRateLimit({ router: { stack: [] } }, mine)).toBe(false);
});
