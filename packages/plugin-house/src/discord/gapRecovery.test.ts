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
