import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { discordSendingReady } from './discordClient.ts';
import { postOnPlatform } from './postOnPlatform.ts';
import { UndeliveredPost } from './undeliveredPost.ts';

interface Sent {
  text: string;
  allowedMentions: unknown;
}

/** A runtime with a logged-in Discord bot whose sends are kept, refused with `code` from the `failAt`-th on. */
function botRuntime(botId: string, failAt = Infinity, code = 50007): IAgentRuntime & { sent: Sent[] } {
  const sent: Sent[] = [];
  const client = { user: { id: botId }, isReady: () => true, channels: { fetch: async (id: string) => ({ id, recipientId: `person-of-${id}` }) } };
  const quiet = () => {};
  const runtime = {
    sent,
    agentId: botId,
    logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
    getService: (name: string) => (name === 'discord' ? { client } : null),
    sendMessageToTarget: async (_target: unknown, content: { text: string; allowedMentions: unknown }) => {
      if (sent.length + 1 >= failAt) throw Object.assign(new Error('Cannot send messages to this user'), { code });
      sent.push({ text: content.text, allowedMentions: content.allowedMentions });
    },
  } as unknown as IAgentRuntime & { sent: Sent[] };
  discordSendingReady(runtime);
  return runtime;
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1} of a long private message, long enough to need pieces`).join('\n');

test('a piece Discord refuses leaves only the pieces after the last one sent; the closed DM is not tried again', async () => {
  const house = botRuntime('house', 2);
  const text = lines(60);
  const error = (await postOnPlatform(house, { source: 'discord', channelId: 'dm-sam' }, text).catch((e: unknown) => e)) as UndeliveredPost;
  expect(error).toBeInstanceOf(UndeliveredPost);
  expect(error.code).toBe(50007);
  expect(house.sent.length).toBe(1);
  expect(`${house.sent[0]!.text}\n${error.unsent}`).toBe(text);
  const again = (await postOnPlatform(house, { source: 'discord', channelId: 'dm-sam' }, 'your move').catch((e: unknown) => e)) as UndeliveredPost;
  expect(again.unsent).toBe('your move');
  expect(house.sent.length).toBe(1);
});

test("a player's bot that fails midway leaves the House only the rest to carry, under the player's name", async () => {
  const house = botRuntime('house-2');
  const ada = botRuntime('ada', 2, 50013);
  const text = lines(60);
  await postOnPlatform(house, { source: 'discord', channelId: 'thread' }, text, { name: 'Ada', runtime: ada });
  expect(ada.sent.length).toBe(1);
  expect(house.sent.map((s) => s.text).join('\n')).toStartWith('Ada: ');
  expect(`${ada.sent[0]!.text}\n${house.sent.map((s) => s.text).join('\n').slice('Ada: '.length)}`).toBe(text);
});

test('allowed_mentions names exactly the people the House names: not a raw mention or @everyone in the text', async () => {
  const house = botRuntime('house-3');
  await postOnPlatform(house, { source: 'discord', channelId: 'thread' }, '@Sam: Ada begs you: "<@999999999999999999> @everyone my roof"', undefined, [], new Map([['sam', '123456789012345678']]));
  expect(house.sent).toEqual([{ text: '<@123456789012345678>: Ada begs you: "<@999999999999999999> @everyone my roof"', allowedMentions: { parse: [], users: ['123456789012345678'] } }]);
});

test('pictures where the bot may not attach files: refused once (50013), then said in words there, and the channel told once why, naming Attach Files', async () => {
  const tries: Array<{ text: string; files: number }> = [];
  const client = {
    user: { id: 'house-files' },
    isReady: () => true,
    channels: { fetch: async () => null, cache: new Map([['known', { id: 'known', isDMBased: () => false, permissionsFor: () => ({ has: (bit: bigint) => bit !== 1n << 15n }) }]]) },
  };
  const quiet = () => {};
  const house = {
    agentId: 'house-files',
    logger: { info: quiet, warn: quiet, error: quiet, debug: quiet },
    getService: (name: string) => (name === 'discord' ? { client } : null),
    sendMessageToTarget: async (_target: unknown, content: { text: string; attachments?: unknown[] }) => {
      tries.push({ text: content.text, files: content.attachments?.length ?? 0 });
      if (content.attachments?.length) throw Object.assign(new Error('Missing Permissions'), { code: 50013 });
    },
  } as unknown as IAgentRuntime;
  discordSendingReady(house);
  const picture = { name: 'trust-sats.png', png: new Uint8Array([137, 80, 78, 71]), alt: 'Sats after round 3: Ada 54, Bram 55.', width: 1, height: 1 };
  const line = 'The House may not attach pictures here (its role lacks Attach Files in this channel), so its posts say in words what their pictures show.';
  await postOnPlatform(house, { source: 'discord', channelId: 'thread' }, '[trust] Round 3', undefined, [picture]);
  await postOnPlatform(house, { source: 'discord', channelId: 'thread' }, '[trust] Round 4', undefined, [picture]);
  expect(tries).toEqual([
    { text: '[trust] Round 3', files: 1 },
    { text: `[trust] Round 3\n${picture.alt}`, files: 0 },
    { text: line, files: 0 },
    { text: `[trust] Round 4\n${picture.alt}`, files: 0 },
  ]);
  // Where discord.js knows the bot lacks Attach Files, Discord is not asked for files at all.
  tries.length = 0;
  await postOnPlatform(house, { source: 'discord', channelId: 'known' }, '[trust] Round 3', undefined, [picture]);
  expect(tries).toEqual([
    { text: `[trust] Round 3\n${picture.alt}`, files: 0 },
    { text: line, files: 0 },
  ]);
});
