import type { IAgentRuntime, Media } from '@elizaos/core';
import type { RoomPicture } from '../pictures/roomPicture.ts';
import { withPictureFiles } from '../pictures/withPictureFiles.ts';
import { discordClientOf, playerDiscordIds } from './discordClient.ts';
import { toDiscordMentions } from './mentions.ts';
import { splitMessage } from './splitMessage.ts';

export interface PlatformTarget {
  source: string;
  channelId: string;
}

/** Who a carried post is from: a player's name, and its runtime when it is a player agent. */
export interface Speaker {
  name: string;
  runtime?: IAgentRuntime;
}

/**
 * Posts the House's text to a chat platform. On Discord: `@Name` of a player
 * with a bot becomes a mention, long text goes in pieces under Discord's
 * limit, one after the other (discord.js queues them within the rate limits),
 * and a player's own words go out under that player's own bot when it has
 * one, else under the House's, marked with the player's name.
 */
export async function postOnPlatform(house: IAgentRuntime, target: PlatformTarget, text: string, as?: Speaker, pictures: readonly RoomPicture[] = []): Promise<void> {
  await withPictureFiles(pictures, async (files) => {
    if (target.source !== 'discord') {
      await house.sendMessageToTarget(target, { text: as ? `${as.name}: ${text}` : text, source: target.source, ...(files.length ? { attachments: files } : {}) });
      return;
    }
    const own = as?.runtime && discordClientOf(as.runtime) ? as.runtime : null;
    if (own) {
      try {
        await send(own, target, text, files);
        return;
      } catch (error) {
        house.logger.warn(`House: ${as!.name}'s bot could not post; the House carries it (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    await send(house, target, as ? `${as.name}: ${text}` : text, files);
  });
}

/** The text in pieces; the pictures go as files with the last piece, under the words that tell them. */
async function send(speaker: IAgentRuntime, target: PlatformTarget, text: string, files: Media[]): Promise<void> {
  const pieces = splitMessage(toDiscordMentions(text, playerDiscordIds()));
  for (const [i, piece] of pieces.entries()) {
    await speaker.sendMessageToTarget(target, { text: piece, source: 'discord', ...(files.length && i === pieces.length - 1 ? { attachments: files } : {}) });
  }
}
