import type { IAgentRuntime } from '@elizaos/core';
import { openGameThread } from './discordClient.ts';
import type { PlatformTarget } from './postOnPlatform.ts';

/**
 * Where a match opened from a chat platform posts its rounds: on Discord a
 * thread of its own under the channel where `!play` was typed, the way the
 * web GUI gives each match a group room; the channel itself where no thread
 * can be made (a DM, or a bot without Create Public Threads).
 */
export async function gameRoomOn(runtime: IAgentRuntime, origin: PlatformTarget, name: string): Promise<PlatformTarget> {
  if (origin.source !== 'discord') return origin;
  const thread = await openGameThread(runtime, origin.channelId, name);
  return thread ? { source: origin.source, channelId: thread } : origin;
}
