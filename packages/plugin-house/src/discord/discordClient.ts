import type { IAgentRuntime } from '@elizaos/core';
import { findPlayer, playerNames } from '@the-house/plugin-player/playerRegistry.ts';

/** The little of a discord.js Client the House uses, reached through plugin-discord's service (no discord.js import here). */
export interface DiscordClientLike {
  user: { id: string } | null;
  isReady(): boolean;
  channels: { fetch(id: string): Promise<DiscordChannelLike | null> };
  users: { createDM(id: string): Promise<{ id: string }> };
  guilds: { fetch(id: string): Promise<DiscordGuildLike> };
}

export interface DiscordChannelLike {
  id: string;
  threads?: { create(options: { name: string; autoArchiveDuration?: number; reason?: string }): Promise<{ id: string }> };
}

export interface DiscordGuildLike {
  id: string;
  members: { fetch(id: string): Promise<{ roles: { cache: { values(): Iterable<{ id: string; name: string }> } } }> };
}

/** A runtime's logged-in Discord client, or null when it has no bot (or it is not connected yet). */
export function discordClientOf(runtime: IAgentRuntime | undefined): DiscordClientLike | null {
  const service = runtime?.getService('discord') as { client?: DiscordClientLike | null } | null | undefined;
  const client = service?.client ?? null;
  return client && client.isReady() && client.user ? client : null;
}

/** Player agents with a bot of their own: lower-case name to Discord user id. */
export function playerDiscordIds(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const name of playerNames()) {
    const id = discordClientOf(findPlayer(name))?.user?.id;
    if (id) ids.set(name.toLowerCase(), id);
  }
  return ids;
}

/** Discord user id to player name, for mentions typed in Discord. */
export function playerNamesByDiscordId(): Map<string, string> {
  const names = new Map<string, string>();
  for (const name of playerNames()) {
    const id = discordClientOf(findPlayer(name))?.user?.id;
    if (id) names.set(id, name);
  }
  return names;
}

/** A public thread under a guild text channel, named for the match; null where threads cannot be (a DM, no permission). */
export async function openGameThread(runtime: IAgentRuntime, channelId: string, name: string): Promise<string | null> {
  const client = discordClientOf(runtime);
  if (!client) return null;
  try {
    const channel = await client.channels.fetch(channelId);
    if (!channel?.threads) return null;
    const thread = await channel.threads.create({ name: name.slice(0, 100), autoArchiveDuration: 1440, reason: 'a game room of The House' });
    return thread.id;
  } catch (error) {
    runtime.logger.warn(`House: no thread for the game room in Discord, posting in the channel (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/** The DM channel between the House's bot and a person, for what the House tells them privately. */
export async function directChannelOf(runtime: IAgentRuntime, discordUserId: string): Promise<string | null> {
  const client = discordClientOf(runtime);
  if (!client) return null;
  try {
    return (await client.users.createDM(discordUserId)).id;
  } catch (error) {
    runtime.logger.warn(`House: cannot open a DM in Discord (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}
