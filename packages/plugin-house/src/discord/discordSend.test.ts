import { expect, test } from 'bun:test';
import { ChannelType, ContentType, type IAgentRuntime } from '@elizaos/core';
import { sendOnDiscord, type DiscordSendingService } from './discordSend.ts';

interface Sent {
  content?: string;
  files?: Array<{ attachment: string; name: string; description?: string }>;
  allowedMentions?: unknown;
}

/** A logged-in bot with one channel that keeps what is sent, and a runtime that keeps its memories. */
function setup() {
  const sent: Sent[] = [];
  const memories: Array<{ content: { text?: string } }> = [];
  const channel = { id: '42', guild: { id: '7', name: 'Guild' }, send: async (options: Sent) => (sent.push(options), { id: String(100 + sent.length), content: options.content ?? '', url: 'u', createdTimestamp: 1 }) };
  const service: DiscordSendingService = {
    client: { isReady: () => true, user: { id: '1', username: 'house' }, channels: { fetch: async () => channel }, users: { fetch: async () => ({ createDM: async () => channel }) } },
    getChannelType: async () => ChannelType.GROUP,
  };
  const runtime = { agentId: '00000000-0000-0000-0000-000000000001', logger: { warn: () => {} }, ensureConnection: async () => {}, createMemory: async (m: { content: { text?: string } }) => void memories.push(m) } as unknown as IAgentRuntime;
  return { sent, memories, service, runtime };
}

test("a post goes in pieces with the files on the last, allowed_mentions as the House wrote it, each piece kept as the bot's memory", async () => {
  const { sent, memories, service, runtime } = setup();
  const text = Array.from({ length: 80 }, (_, i) => `line ${i} of the round, long enough to fill a piece`).join('\n');
  const picture = { id: 'p', url: '/tmp/x/0-map', title: 'goldmine-map-round-10', contentType: ContentType.IMAGE };
  await sendOnDiscord(runtime, service, { source: 'discord', channelId: '42' }, { text, attachments: [picture], allowedMentions: { parse: [], users: ['123456789012345678'] } });
  expect(sent.length).toBeGreaterThan(1);
  expect(sent.every((s) => (s.content?.length ?? 0) <= 2000)).toBe(true);
  expect(sent.slice(0, -1).some((s) => s.files)).toBe(false);
  expect(sent.at(-1)!.files).toEqual([{ attachment: '/tmp/x/0-map', name: 'goldmine-map-round-10.png' }]);
  expect(sent.every((s) => JSON.stringify(s.allowedMentions) === JSON.stringify({ parse: [], users: ['123456789012345678'] }))).toBe(true);
  expect(memories.map((m) => m.content.text)).toEqual(sent.map((s) => s.content));
});

test('allowed_mentions that is not the House’s shape (ids only) is not passed on: Discord’s defaults apply', async () => {
  const { sent, service, runtime } = setup();
  await sendOnDiscord(runtime, service, { source: 'discord', channelId: '42' }, { text: 'hi', allowedMentions: { parse: ['everyone'], users: ['not an id'] } });
  expect(sent).toEqual([{ content: 'hi' }]);
});

test('a picture goes with its alternative text; whitespace alone is no post (Discord refuses it), so pictures under it go alone', async () => {
  const { sent, service, runtime } = setup();
  const picture = { id: 'p', url: '/tmp/x/0-votes', title: 'influence-votes-round-2.png', description: 'Votes in round 2: Ada 2, Bram 1.', contentType: ContentType.IMAGE };
  await sendOnDiscord(runtime, service, { source: 'discord', channelId: '42' }, { text: ' \n ', attachments: [picture] });
  expect(sent).toEqual([{ files: [{ attachment: '/tmp/x/0-votes', name: 'influence-votes-round-2.png', description: 'Votes in round 2: Ada 2, Bram 1.' }] }]);
  await sendOnDiscord(runtime, service, { source: 'discord', channelId: '42' }, { text: '  ' });
  expect(sent.length).toBe(1);
});
