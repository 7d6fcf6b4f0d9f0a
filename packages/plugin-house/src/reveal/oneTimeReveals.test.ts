import { describe, expect, test } from 'bun:test';
import type { IAgentRuntime, RouteRequest, RouteResponse } from '@elizaos/core';
import { fakeRuntime } from '../testing/fakeRuntime.ts';
import { OneTimeReveals, revealsOf, MAX_REVEALS } from './oneTimeReveals.ts';
import { revealRoutes } from './revealRoutes.ts';

describe('one-time reveals (issue 33: the MCP seat token and the observer link were plain messages in a DM, readable over REST)', () => {
  test('a secret is taken once; a second open says it was opened already; an unknown or expired link says it is gone', () => {
    let now = 1_000;
    const reveals = new OneTimeReveals(() => now);
    const nonce = reveals.put({ what: 'the MCP seat of bot in m', secret: 'https://house.example/house/mcp/seat/SECRET' });
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reveals.take(nonce)).toEqual({ ok: true, what: 'the MCP seat of bot in m', secret: 'https://house.example/house/mcp/seat/SECRET' });
    expect(reveals.take(nonce)).toEqual({ ok: false, why: 'opened' });
    expect(reveals.take('A'.repeat(43))).toEqual({ ok: false, why: 'unknown' });
    const late = reveals.put({ what: 'x', secret: 'y' });
    now += 3_600_001;
    expect(reveals.take(late)).toEqual({ ok: false, why: 'unknown' });
    // Bounded: the oldest give way.
    const first = reveals.put({ what: 'a', secret: 'b' });
    for (let i = 0; i < MAX_REVEALS; i++) reveals.put({ what: 'a', secret: 'b' });
    expect(reveals.take(first).ok).toBe(false);
  });

  test('the routes: GET shows a button and no secret (a link preview opens nothing); POST reveals it once, without the host key', async () => {
    const runtime = { ...fakeRuntime('The House', { ELIZA_SERVER_AUTH_TOKEN: 'host-key' }) } as IAgentRuntime;
    const nonce = revealsOf(runtime).put({ what: 'your observer link for m', secret: 'https://house.example/house/observe/KEY123' });
    const call = async (type: 'GET' | 'POST', accept: string, n = nonce) => {
      let status = 0;
      let body = '';
      const res: RouteResponse = {
        status: (code) => ((status = code), res),
        json: (data) => ((body = JSON.stringify(data)), res),
        send: (data) => ((body = String(data)), res),
        end: () => res,
        setHeader: () => res,
      };
      const req: RouteRequest = { method: type, params: { nonce: n }, headers: { accept } };
      await revealRoutes.find((r) => r.type === type)!.handler!(req, res, runtime);
      return { status, body };
    };
    const page = await call('GET', 'text/html');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).not.toContain('KEY123');
    const shown = await call('POST', 'application/json');
    expect(shown).toEqual({ status: 200, body: JSON.stringify({ what: 'your observer link for m', secret: 'https://house.example/house/observe/KEY123' }) });
    const again = await call('POST', 'application/json');
    expect(again.status).toBe(410);
    expect(JSON.parse(again.body).error).toBe('This link was opened already: it shows its secret once. If that was not you, someone else read it: stop the match, or ask the House for a new one.');
    expect((await call('POST', 'text/html', 'not a nonce')).status).toBe(404);
  });
});
