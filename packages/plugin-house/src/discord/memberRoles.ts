import type { IAgentRuntime, Memory } from '@elizaos/core';
import { discordClientOf } from './discordClient.ts';

/**
 * The Discord role ids of a message's sender in that server (without
 * @everyone), read from the guild through the House's own bot: plugin-discord
 * does not put them in the message, and nothing a sender writes can add one.
 * Null outside a server, or when Discord cannot say; HOUSE_ADMINS names roles
 * by id (`discord-role:<id>`).
 */
export async function discordRolesOf(runtime: IAgentRuntime, message: Memory): Promise<string[] | null> {
  if (message.content.source !== 'discord') return null;
  const metadata = message.metadata as { fromId?: string; discordServerId?: string } | undefined;
  const client = discordClientOf(runtime);
  if (!client || !metadata?.fromId || !metadata.discordServerId) return null;
  try {
    const guild = await client.guilds.fetch(metadata.discordServerId);
    const member = await guild.members.fetch(metadata.fromId);
    return [...member.roles.cache.values()].filter((role) => role.id !== guild.id).map((role) => role.id);
  } catch (error) {
    runtime.logger.warn(`House: cannot read the sender's Discord roles (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}
