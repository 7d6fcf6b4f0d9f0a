import type { IAgentRuntime } from '@elizaos/core';
import { discordClientOf, mayIn, PERMISSION, readyDiscordClient, type DiscordChannelLike, type DiscordClientLike } from './discordClient.ts';
import { DISCORD, discordCode, errorLine } from './discordError.ts';
import { channelDeletedText, channelLostText, threadDeletedText, threadLockedText, threadRefusedText } from './discordTexts.ts';
import type { PlatformTarget } from './postOnPlatform.ts';

/**
 * Where a match's Discord room goes when Discord will not have it: `keep`
 * (nothing to change, or a refusal that may pass), the thread's `parent`
 * channel with the one line that says why, or `gone` (the bot may not see or
 * post in the channel, or it was deleted: the match plays on in the web GUI)
 * with the line for whoever opened the match.
 */
export type RoomFallback = { kind: 'keep' } | { kind: 'parent'; room: PlatformTarget; line: string } | { kind: 'gone'; line: string };

/** Refusals for want of a permission, of an open thread, or of the channel itself: trying again would be refused again (and count toward Discord's ban). */
const FOR_GOOD = new Set<number>([DISCORD.missingAccess, DISCORD.missingPermissions, DISCORD.archivedThread, DISCORD.threadLocked, DISCORD.unknownChannel]);

/**
 * After Discord refused a post in a match's room with `code`: a thread the
 * bot may see but not post in (Send Messages in Threads denied, locked by a
 * moderator, archived and locked) gives way to its channel, and so does a
 * thread that was deleted (`parentId`: the channel `!play` was typed in, as
 * the match keeps it, since Discord forgets a deleted thread's parent); a
 * channel the bot may not see (50001, which hides its threads too) or post
 * in, or that was deleted, is gone.
 */
export async function roomAfterRefusal(runtime: IAgentRuntime, room: PlatformTarget, code: number | null, matchId: string, parentId: string | null): Promise<RoomFallback> {
  if (code === null || !FOR_GOOD.has(code)) return { kind: 'keep' };
  if (code === DISCORD.missingAccess) return { kind: 'gone', line: channelLostText(matchId) };
  const client = discordClientOf(runtime);
  if (code === DISCORD.unknownChannel) return afterDeletion(client, room, matchId, parentId);
  // Discord's word on the thread: the event that locked it may still be on its way to discord.js's cache.
  const channel = await client?.channels.fetch(room.channelId, { force: true }).catch(() => null);
  if (!channel?.isThread?.() || !channel.parentId) return { kind: 'gone', line: channelLostText(matchId) };
  const line = code === DISCORD.archivedThread ? threadLockedText(matchId, true) : channel.locked || code === DISCORD.threadLocked ? threadLockedText(matchId, !!channel.archived) : threadRefusedText(matchId);
  return { kind: 'parent', room: { source: room.source, channelId: channel.parentId }, line };
}

/** The room was deleted: a thread's match goes to the channel it was opened in, unless that went too (or hides from the bot). */
async function afterDeletion(client: DiscordClientLike | null, room: PlatformTarget, matchId: string, parentId: string | null): Promise<RoomFallback> {
  if (!client || !parentId || parentId === room.channelId) return { kind: 'gone', line: channelDeletedText(matchId) };
  try {
    if (await client.channels.fetch(parentId, { force: true })) return { kind: 'parent', room: { source: room.source, channelId: parentId }, line: threadDeletedText(matchId) };
  } catch (error) {
    if (discordCode(error) !== DISCORD.unknownChannel) return { kind: 'gone', line: channelLostText(matchId) };
  }
  return { kind: 'gone', line: channelDeletedText(matchId) };
}

/** A thread the bot may not post in as it stands: locked by a moderator (unless the bot may manage threads). */
function lockedFor(channel: DiscordChannelLike, botId: string | undefined): boolean {
  return !!channel.locked && !(botId && mayIn(channel, botId, PERMISSION.manageThreads));
}

/**
 * After a restart: the match's thread, found by its id (an archived thread
 * is in no list a restart reads), reopened if it archived while the House
 * was away, so people find it among the channel's active threads; one a
 * moderator locked gives way to its channel, and one deleted (or a channel
 * deleted) goes as after a refused post.
 */
export async function reopenGameRoom(runtime: IAgentRuntime, room: PlatformTarget, matchId: string, parentId: string | null): Promise<RoomFallback> {
  const client = room.source === 'discord' ? await readyDiscordClient(runtime) : null;
  if (!client) return { kind: 'keep' };
  let channel;
  try {
    channel = await client.channels.fetch(room.channelId);
  } catch (error) {
    runtime.logger.warn(`House: cannot find the Discord room of ${matchId} (${errorLine(error)})`);
    return roomAfterRefusal(runtime, room, discordCode(error), matchId, parentId);
  }
  if (!channel?.isThread?.()) return { kind: 'keep' };
  const locked = lockedFor(channel, client.user?.id);
  if (!channel.archived && !locked) return { kind: 'keep' };
  if (!locked && channel.setArchived) {
    try {
      await channel.setArchived(false, 'The House resumed the match played here');
      return { kind: 'keep' };
    } catch (error) {
      runtime.logger.warn(`House: cannot reopen the thread of ${matchId} (${errorLine(error)})`);
    }
  }
  return channel.parentId ? { kind: 'parent', room: { source: room.source, channelId: channel.parentId }, line: threadLockedText(matchId, !!channel.archived) } : { kind: 'gone', line: channelLostText(matchId) };
}
