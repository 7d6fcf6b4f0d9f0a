import { expect, test } from 'bun:test';
import type { IAgentRuntime } from '@elizaos/core';
import { discordSendingReady, type DiscordChannelLike } from './discordClient.ts';
import { reopenGameRoom, roomAfterRefusal } from './gameRoomFallback.ts';

const quiet = () => {};
const room = { source: 'discord', channelId: 'thread-1' };

/** A House whose Discord knows `channels` (a missing one answers 10003), counting forced fetches. */
function house(channels: Record<string, DiscordChannelLike>) {
  const forced: string[] = [];
  const client = {
    user: { id: 'house' },
    isReady: () => true,
    channels: {
      fetch: async (id: string, options?: { force?: boolean }) => {
        if (options?.force) forced.push(id);
        if (!Object.hasOwn(channels, id)) throw Object.assign(new Error('Unknown Channel'), { code: 10003 });
        return channels[id]!;
      },
    },
  };
  const runtime = { logger: { warn: quiet }, getService: () => ({ client }) } as unknown as IAgentRuntime;
  return { runtime, forced };
}

const thread = (fields: Partial<DiscordChannelLike> = {}): DiscordChannelLike => ({ id: 'thread-1', isThread: () => true, parentId: 'games', archived: false, locked: false, ...fields });

test('a thread deleted (10003): the match goes to the channel it was opened in, which Discord is asked about; a deleted channel: the web GUI', async () => {
  const { runtime, forced } = house({ games: { id: 'games' } });
  expect(await roomAfterRefusal(runtime, room, 10003, 'trust-1-ab', 'games')).toEqual({ kind: 'parent', room: { source: 'discord', channelId: 'games' }, line: 'The thread of trust-1-ab was deleted, so the match plays on in this channel.' });
  expect(forced).toEqual(['games']);
  const gone = house({});
  expect(await roomAfterRefusal(gone.runtime, room, 10003, 'trust-1-ab', 'games')).toEqual({ kind: 'gone', line: "The Discord channel of trust-1-ab was deleted; the match plays on in the web GUI's room and on the dashboard." });
  expect(await roomAfterRefusal(gone.runtime, { source: 'discord', channelId: 'games' }, 10003, 'trust-1-ab', 'games')).toMatchObject({ kind: 'gone' });
});

test('a thread locked while active says locked (160005, or 50013 from a locked thread), not archived; a 50013 in an open thread names Send Messages in Threads', async () => {
  const locked = house({ 'thread-1': thread({ locked: true }) });
  for (const code of [160005, 50013]) {
    const fallback = await roomAfterRefusal(locked.runtime, room, code, 'trust-1-ab', 'games');
    expect(fallback).toEqual({ kind: 'parent', room: { source: 'discord', channelId: 'games' }, line: 'The thread of trust-1-ab was locked by a moderator (only members with Manage Threads may post in it now), so the match plays on in this channel.' });
  }
  const open = house({ 'thread-1': thread() });
  expect(await roomAfterRefusal(open.runtime, room, 50013, 'trust-1-ab', 'games')).toMatchObject({ line: expect.stringContaining('Send Messages in Threads') });
  expect(await roomAfterRefusal(open.runtime, room, 50083, 'trust-1-ab', 'games')).toMatchObject({ line: expect.stringContaining('archived and locked') });
  expect(await roomAfterRefusal(open.runtime, room, 200000, 'trust-1-ab', 'games')).toEqual({ kind: 'keep' });
});

test('after a restart: a thread locked while the House was away gives way to its channel, unless the House may manage threads', async () => {
  const locked = house({ 'thread-1': thread({ locked: true, permissionsFor: () => ({ has: () => false }) }) });
  discordSendingReady(locked.runtime);
  expect(await reopenGameRoom(locked.runtime, room, 'trust-1-ab', 'games')).toMatchObject({ kind: 'parent', line: expect.stringContaining('was locked by a moderator') });
  const manages = house({ 'thread-1': thread({ locked: true, permissionsFor: () => ({ has: () => true }) }) });
  discordSendingReady(manages.runtime);
  expect(await reopenGameRoom(manages.runtime, room, 'trust-1-ab', 'games')).toEqual({ kind: 'keep' });
});
