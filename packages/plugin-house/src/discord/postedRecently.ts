import type { IAgentRuntime } from '@elizaos/core';
import { readyDiscordClient } from './discordClient.ts';
import { withDiscordMentions } from './mentions.ts';
import { splitMessage } from './splitMessage.ts';

/** How far back a channel is read for a post the House may have made before it died: a round's post and the few lines after it. */
export const RECENT_MESSAGES = 50;

/** A channel's recent messages as discord.js gives them (a Collection, a Map by id). */
interface ReadableChannel {
  messages?: { fetch(options: { limit: number }): Promise<{ values(): Iterable<{ author?: { id?: string } | null; content?: string | null }> }> };
}

/**
 * Whether the House's bot posted `text` in a Discord channel among its last
 * RECENT_MESSAGES messages: a message of its own holding the text's first
 * piece as it went (names to mentions by `people`, as postOnPlatform writes
 * them; a carried player's name or pictures in words may stand around it).
 * Null when it cannot tell (no bot, the channel unreadable).
 */
export async function postedRecently(house: IAgentRuntime, channelId: string, text: string, people: ReadonlyMap<string, string>): Promise<boolean | null> {
  const client = await readyDiscordClient(house);
  const bot = client?.user?.id;
  if (!client || !bot) return null;
  const needle = splitMessage(withDiscordMentions(text, people).text)[0]?.trim();
  if (!needle) return null;
  const channel = (await client.channels.fetch(channelId).catch(() => null)) as ReadableChannel | null;
  if (!channel?.messages) return null;
  const messages = await channel.messages.fetch({ limit: RECENT_MESSAGES }).catch(() => null);
  if (!messages) return null;
  for (const message of messages.values()) if (message.author?.id === bot && (message.content ?? '').includes(needle)) return true;
  return false;
}
