import { expect, test } from 'bun:test';
import { EventEmitter } from 'node:events';
import { DiscordSignOuts, discordSignOuts } from './discordSignOuts.ts';
import { watchTokenRefusal } from './watchTokenRefusal.ts';

/** A bot's client whose REST answers `status`, counting its destroys. */
function fakeClient(status: () => number) {
  const emitter = new EventEmitter();
  let destroyed = 0;
  let sent = 0;
  const client = Object.assign(emitter, {
    rest: { options: { makeRequest: async (_url: string, _init: RequestInit): Promise<unknown> => ((sent += 1), new Response(null, { status: status() })) } },
    destroy: async () => void (destroyed += 1),
  });
  return { client, destroyed: () => destroyed, sent: () => sent };
}

test('a 401 from REST signs the bot out once: said once, the client destroyed, the House told; no request goes to Discord after it', async () => {
  const runtime = {};
  let status = 200;
  const { client, destroyed, sent } = fakeClient(() => status);
  const told: string[] = [];
  const heard: object[] = [];
  const stop = discordSignOuts.listen((r) => void heard.push(r));
  watchTokenRefusal(runtime, client, (how) => void told.push(how));
  await client.rest.options.makeRequest('https://discord.com/api/v10/users/@me', {});
  expect(discordSignOuts.has(runtime)).toBe(false);
  status = 401;
  const answers: number[] = [];
  for (let i = 0; i < 3; i++) answers.push(((await client.rest.options.makeRequest('https://discord.com/api/v10/channels/1/messages', {})) as Response).status);
  client.emit('shardError', new Error('Authentication failed'));
  // Requests that waited their turn meanwhile are answered here, not sent.
  expect(answers).toEqual([401, 401, 401]);
  expect(sent()).toBe(2);
  stop();
  expect(told).toEqual(['the REST API answered 401 Unauthorized']);
  expect(destroyed()).toBe(1);
  expect(heard).toEqual([runtime]);
  expect(discordSignOuts.has(runtime)).toBe(true);
});

test('the gateway closing with 4004 signs the bot out; other shard errors do not', () => {
  const runtime = {};
  const { client, destroyed } = fakeClient(() => 200);
  const told: string[] = [];
  watchTokenRefusal(runtime, client, (how) => void told.push(how));
  client.emit('shardError', new Error('read ECONNRESET'));
  expect(told).toEqual([]);
  client.emit('shardError', new Error('Authentication failed'));
  expect(told).toEqual(['the gateway closed with 4004 Authentication failed']);
  expect(destroyed()).toBe(1);
});

test('a listener that stopped listening hears nothing', () => {
  const outs = new DiscordSignOuts();
  const heard: object[] = [];
  outs.listen((r) => void heard.push(r))();
  expect(outs.signOut({})).toBe(true);
  expect(heard).toEqual([]);
});
