import { afterAll, beforeAll, expect, test } from 'bun:test';
import { RestChat } from './kit/restChat.ts';
import { startTestHost, type TestHost } from './kit/testHost.ts';

/** The requests ElizaOS's message bus makes of its server for every message, when it makes them over HTTP. */
const BUS_PATHS = /\/api\/messaging\/(channels\/[^/]+\/(participants|details)|submit|action|complete|message-servers\/[^/]+\/channels|agents\/[^/]+\/message-servers)/;

const busRequests: string[] = [];
const outside = globalThis.fetch;
let host: TestHost;

beforeAll(async () => {
  // Every fetch of this process, the agents' included (they run in it): any HTTP request of theirs is seen here.
  globalThis.fetch = Object.assign((input: string | URL | Request, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/^https?:/.test(href) && BUS_PATHS.test(new URL(href).pathname)) busRequests.push(`${init?.method ?? 'GET'} ${new URL(href).pathname}`);
    return outside(input, init);
  }, outside);
  // A loopback address that is not 127.0.0.1: ElizaOS's bus would go to localhost, where nothing listens.
  host = await startTestHost({ env: { SERVER_HOST: '127.0.0.2' } });
});

afterAll(async () => {
  await host?.stop();
  globalThis.fetch = outside;
});

test('SERVER_HOST on another address: the House answers, and the agents reach the server in process', async () => {
  expect(host.url).toStartWith('http://127.0.0.2:');
  const chat = new RestChat(host.url, crypto.randomUUID(), 'Iris');
  const houseId = await chat.agentId('The House');
  const dm = await chat.dm(houseId);
  await chat.send(dm, '!help');
  expect(await chat.waitFor(dm, houseId, (t) => t.startsWith('**The House**'))).toContain('!play');
});

test("200 commands in a row get 200 answers, and the agents' bus makes no HTTP request for them", async () => {
  const chat = new RestChat(host.url, crypto.randomUUID(), 'Lena');
  const houseId = await chat.agentId('The House');
  const dm = await chat.dm(houseId);
  busRequests.length = 0;
  const answers = new Set<string>();
  const seen = async () => {
    for (const m of await chat.messages(dm, 100)) if (m.authorId === houseId) answers.add(m.id);
    return answers.size;
  };
  for (let sent = 0; sent < 200; ) {
    for (let i = 0; i < 20; i++, sent++) await chat.send(dm, sent % 2 ? '!status' : '!games');
    const until = Date.now() + 60_000;
    while ((await seen()) < sent && Date.now() < until) await Bun.sleep(100);
    expect(answers.size).toBe(sent);
  }
  expect(busRequests).toEqual([]);
}, 300_000);

test("a person on this machine is never counted: 1,100 requests in a row (ElizaOS's own limit is 1,000 per 15 minutes) all answer", async () => {
  const statuses = new Map<number, number>();
  for (let i = 0; i < 1100; i++) {
    const res = await fetch(`${host.url}/api/agents`);
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  expect([...statuses]).toEqual([[200, 1100]]);
}, 120_000);
