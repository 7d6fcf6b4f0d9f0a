import { expect, test } from 'bun:test';
import { typingBestEffort } from './typingBestEffort.ts';

const TYPING = 'https://discord.test/api/v10/channels/42/typing';
const POST = 'https://discord.test/api/v10/channels/42/messages';

function client(answer: (url: string) => Promise<Response>) {
  const warned: string[] = [];
  const options = { makeRequest: (url: string, _init: RequestInit): Promise<unknown> => answer(url) };
  typingBestEffort({ rest: { options } }, (line) => warned.push(line));
  return { request: (url: string) => options.makeRequest(url, { method: 'POST' }) as Promise<Response>, warned };
}

test('a typing indicator Discord refuses or never receives is answered as shown, with one line said', async () => {
  const refused = client(async () => new Response('{"code":50013}', { status: 403 }));
  expect((await refused.request(TYPING)).status).toBe(204);
  expect(refused.warned).toEqual(['Discord refused a typing indicator (HTTP 403); it is only shown, so nothing waits on it']);

  const gone = client(async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:9');
  });
  expect((await gone.request(TYPING)).status).toBe(204);
  expect(gone.warned).toEqual(['A typing indicator did not reach Discord (connect ECONNREFUSED 127.0.0.1:9); it is only shown, so nothing waits on it']);
});

test('a rate limit on typing reaches discord.js to wait out, and every other route fails as it did', async () => {
  const limited = client(async () => new Response('{}', { status: 429 }));
  expect((await limited.request(TYPING)).status).toBe(429);
  expect((await limited.request(POST)).status).toBe(429);

  const refused = client(async () => new Response('{}', { status: 403 }));
  expect((await refused.request(POST)).status).toBe(403);
  const gone = client(async () => {
    throw new Error('connect ECONNREFUSED');
  });
  expect(await gone.request(POST).catch((error: Error) => error.message)).toBe('connect ECONNREFUSED');
  expect([...refused.warned, ...gone.warned, ...limited.warned]).toEqual([]);
});
