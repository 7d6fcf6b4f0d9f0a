import { expect, test } from 'bun:test';
import { EventEmitter } from 'node:events';
import type { IAgentRuntime } from '@elizaos/core';
import { recoverGaps } from './gapRecovery.ts';

const message = (id: string, channelId: string, author = 'sam') => ({ id, channelId, author: { id: author } });
const quiet = () => {};
const runtime = { logger: { info: quiet, warn: quiet, error: quiet, debug: quiet } } as unknown as IAgentRuntime;

/** A bot's client: its events, and channels whose history is given (or whose read fails). */
function fakeClient(histories: Map<string, Array<ReturnType<typeof message>> | 'fails'>) {
  const emitter = new EventEmitter();
  const handled: string[] = [];
  const said: Array<{ channel: string; text: string }> = [];
  emitter.on('messageCreate', (m: { id: string; author: { id: string } }) => {
    if (m.author.id !== 'house') handled.push(m.id);
  });
  const client = Object.assign(emitter, {
    user: { id: 'house' },
    isReady: () => true,
    channels: {
      fetch: async (id: string) => ({
        isDMBased: () => id.startsWith('dm'),
        permissionsFor: () => ({ has: () => true }),
        messages: {
          fetch: async ({ after }: { after: string }) => {
            const history = histories.get(id)!;
            if (history === 'fails') throw new Error('500: Internal Server Error');
            return new Map(history.filter((m) => BigInt(m.id) > BigInt(after)).reverse().map((m) => [m.id, m]));
          },
        },
        send: async (options: { content: string }) => void said.push({ channel: id, text: options.content }),
      }),
    },
  });
  return { client, handled, said };
}

test('after a new session, what was sent in the gap is handed to the handlers once, in order; a channel that cannot be read back is asked to send again', async () => {
  const histories = new Map<string, Array<ReturnType<typeof message>> | 'fails'>([
    ['10', [message('1', '10'), message('2', '10', 'house'), message('3', '10'), message('4', '10')]],
    ['dm-20', [message('5', 'dm-20')]],
    ['30', 'fails'],
  ]);
  const { client, handled, said } = fakeClient(histories);
  const recovery = recoverGaps(runtime, client, { tellResend: true });
  for (const seen of [message('1', '10'), message('5', 'dm-20'), message('6', '30')]) client.emit('messageCreate', seen);
  client.emit('shardResume');
  client.emit('shardReady');
  await recovery.settled();
  expect(handled).toEqual(['1', '5', '6', '3', '4']);
  expect(said).toEqual([{ channel: '30', text: expect.stringContaining('send it again') }]);
  // Another gap with nothing new: nothing is handled twice.
  client.emit('shardReady');
  await recovery.settled();
  expect(handled).toEqual(['1', '5', '6', '3', '4']);
});

test('a bot without the House asks nobody to send again', async () => {
  const { client, said } = fakeClient(new Map([['30', 'fails']]));
  const recovery = recoverGaps(runtime, client, { tellResend: false });
  client.emit('messageCreate', message('6', '30'));
  client.emit('shardReady');
  await recovery.settled();
  expect(said).toEqual([]);
});

test("a channel the bot saw nothing in is read back from the gap's start when the new READY says it has news; a DM it opened is read back; a quiet channel is not asked", async () => {
  const DISCORD_EPOCH = 1_420_070_400_000n;
  const idAt = (ms: number, n = 0) => (((BigInt(ms) - DISCORD_EPOCH) << 22n) | BigInt(n)).toString();
  const gapStart = Date.now();
  const before = idAt(gapStart - 3600_000);
  const inGap = idAt(gapStart + 1000, 1);
  const histories = new Map<string, Array<ReturnType<typeof message>> | 'fails'>([
    ['news', [message(before, 'news'), message(inGap, 'news')]],
    ['dm-new', [message(idAt(gapStart + 2000, 2), 'dm-new')]],
    ['quiet', [message(before, 'quiet')]],
    ['broken', 'fails'],
  ]);
  const { client, handled, said } = fakeClient(histories);
  const fetched: string[] = [];
  const fetch = client.channels.fetch;
  const cached = await Promise.all(['news', 'dm-new', 'quiet', 'broken'].map(async (id) => Object.assign(await fetch(id), { id })));
  const last = new Map([['news', inGap], ['dm-new', null], ['quiet', before], ['broken', idAt(gapStart + 3000, 3)]]);
  for (const channel of cached) {
    const read = channel.messages.fetch;
    Object.assign(channel, { lastMessageId: last.get(channel.id), messages: { fetch: (o: { after: string }) => (fetched.push(channel.id), read(o)) } });
  }
  Object.assign(client.channels, { cache: new Map(cached.map((c) => [c.id, c])) });
  const recovery = recoverGaps(runtime, client, { tellResend: true });
  client.emit('raw', { t: 'MESSAGE_CREATE' });
  client.emit('raw', { t: 'READY' });
  client.emit('shardReady');
  await recovery.settled();
  expect(handled).toEqual([inGap, idAt(gapStart + 2000, 2)]);
  expect(fetched.sort()).toEqual(['broken', 'dm-new', 'news']);
  expect(said).toEqual([{ channel: 'broken', text: expect.stringContaining('send it again') }]);
});
