import type { IAgentRuntime } from '@elizaos/core';
import { discordClientOf, readyDiscordClient } from './discordClient.ts';
import { DISCORD, discordCode, errorLine } from './discordError.ts';
import { threadLockedText, threadRefusedText } from './discordTexts.ts';
import type { PlatformTarget } from './postOnPlatform.ts';

/**
 * Where a match's Discord room goes when Discord will not have it: `keep`
 * (nothing to change, or a refusal that may pass), the thread's `parent`
 * channel with the one line that says why, or `gone` (the bot may not see or
 * post in the channel at all: the match plays on in the web GUI).
 */
export type RoomFallback = { kind: 'keep' } | { kind: 'parent'; room: PlatformTarget; line: string } | { kind: 'gone' };

/** Refusals for want of a permission or of an open thread: trying again would be refused again (and count toward Discord's ban). */
const FOR_GOOD = new Set<number>([DISCORD.missingAccess, DISCORD.missingPermissions, DISCORD.archivedThread, DISCORD.threadLocked]);

/**
 * After Discord refused a post in a match's room with `code`: a thread the
 * bot may see but not post in (Send Messages in Threads denied, archived and
 * locked) gives way to its channel; a channel the bot may not see (50001,
 * which hides its threads too) or post in is gone.
 */
export async function roomAfterRefusal(runtime: IAgentRuntime, room: PlatformTarget, code: number | null, matchId: string): Promise<RoomFallback> {
  if (code === null || !FOR_GOOD.has(code)) return { kind: 'keep' };
  if (code === DISCORD.missingAccess) return { kind: 'gone' };
  const channel = await discordClientOf(runtime)
    ?.channels.fetch(room.channelId)
    .catch(() => null);
  if (!channel?.isThread?.() || !channel.parentId) return { kind: 'gone' };
  const line = code === DISCORD.missingPermissions ? threadRefusedText(matchId) : threadLockedText(matchId);
  return { kind: 'parent', room: { source: room.source, channelId: channel.parentId }, line };
}

/**
 * After a restart: the match's thread, found by its id (an archived thread
 * is in no list a restart reads), reopened if it archived while the House
 * was away, so people find it among the channel's active threads; one
 * archived and locked by a moderator gives way to its channel.
 */
export async function reopenGameRoom(runtime: IAgentRuntime, room: PlatformTarget, matchId: string): Promise<RoomFallback> {
  const client = room.source === 'discord' ? await readyDiscordClient(runtime) : null;
  if (!client) return { kind: 'keep' };
  let channel;
  try {
    channel = await client.channels.fetch(room.channelId);
  } catch (error) {
    runtime.logger.warn(`House: cannot find the Discord room of ${matchId} (${errorLine(error)})`);
    return roomAfterRefusal(runtime, room, discordCode(error), matchId);
  }
  if (!channel?.isThread?.() || !channel.archived) return { kind: 'keep' };
  if (!channel.locked && channel.setArchived) {
    try {
      await channel.setArchived(false, 'The House resumed the match played here');
      return { kind: 'keep' };
    } catch (error) {
      runtime.logger.warn(`House: cannot reopen the thread of ${matchId} (${errorLine(error)})`);
    }
  }
  return channel.parentId ? { kind: 'parent', room: { source: room.source, channelId: channel.parentId }, line: threadLockedText(matchId) } : { kind: 'gone' };
}
