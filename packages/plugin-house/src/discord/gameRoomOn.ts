import type { IAgentRuntime } from '@elizaos/core';
import { openGameThread } from './discordClient.ts';
import { noThreadText } from './discordTexts.ts';
import type { PlatformTarget } from './postOnPlatform.ts';

/**
 * Where a match opened from a chat platform posts its rounds: on Discord a
 * thread of its own under the channel where `!play` was typed, the way the
 * web GUI gives each match a group room; the channel itself where no thread
 * can be made (a DM, or a bot without Create Public Threads there), with the
 * one line that says why when Discord refused it.
 */
export async function gameRoomOn(runtime: IAgentRuntime, origin: PlatformTarget, name: string, matchId: string): Promise<{ room: PlatformTarget; note: string | null }> {
  if (origin.source !== 'discord') return { room: origin, note: null };
  const opened = await openGameThread(runtime, origin.channelId, name);
  if (opened.thread) return { room: { source: origin.source, channelId: opened.thread }, note: null };
  return { room: origin, note: opened.refused ? noThreadText(matchId) : null };
}
