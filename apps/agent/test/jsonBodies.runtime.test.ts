import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestHost, type TestHost } from './kit/testHost.ts';

/**
 * Issue 33 (LOW): a malformed JSON body got Express's HTML error page (its
 * stack trace naming install paths), and JSON nested 100,000 deep sent to a
 * seat route was a 500. Every such body now gets one plain JSON line and a
 * 400 (413 when too large), from every path: the House's routes and the
 * host's REST API alike.
 */
let host: TestHost;

beforeAll(async () => {
  host = await startTestHost({ players: ['Ada'] });
}, 90_000);

afterAll(async () => {
  await host?.stop();
}, 30_000);

const post = (path: string, body: string, type = 'application/json') => fetch(`${host.url}${path}`, { method: 'POST', headers: { 'content-type': type, accept: 'application/json, text/event-stream' }, body });

/** One line of JSON with an error, and nothing of the server's insides. */
async function plainRefusal(res: Response, status: number): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type') ?? '').toContain('application/json');
  const text = await res.text();
  expect(text).not.toContain('\n');
  expect(text).not.toContain('<');
  expect(text).not.toMatch(/node_modules|\/work\/|at [A-Za-z]+ \(|SyntaxError|stack/i);
  const body = JSON.parse(text) as { error?: unknown };
  const message = typeof body.error === 'string' ? body.error : (body.error as { message?: string } | undefined)?.message;
  expect(typeof message).toBe('string');
  return message!;
}

test('a malformed JSON body: 400, one plain line, on a House route and on the REST API', async () => {
  for (const path of ['/house/mcp/seat/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/house/mcp/seat', '/api/messaging/submit', '/api/agents']) {
    expect(await plainRefusal(await post(path, '{"jsonrpc": "2.0", "id": 1,'), 400)).toBe('The request body is not valid JSON.');
  }
});

test('JSON nested 100,000 deep to a seat route: 400, refused before it is parsed', async () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  expect(await plainRefusal(await post('/house/mcp/seat/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', deep), 400)).toStartWith('The request body nests deeper than');
  const objects = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
  expect(await plainRefusal(await post('/api/agents', objects), 400)).toStartWith('The request body nests deeper than');
  // A string full of brackets is not nesting.
  const flat = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { note: '['.repeat(1000) } });
  expect((await post('/house/mcp/seat/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', flat)).status).toBe(403);
});

test('a body over the size limit: 413, one plain line; an ordinary JSON request still works', async () => {
  const big = JSON.stringify({ text: 'x'.repeat(3 * 1024 * 1024) });
  expect(await plainRefusal(await post('/house/mcp/seat', big), 413)).toStartWith('The request body is over');
  const ok = await post('/house/mcp/seat/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  expect(ok.status).toBe(403);
  expect(((await ok.json()) as { error: string }).error).toStartWith('This seat token is not for a seat');
});
