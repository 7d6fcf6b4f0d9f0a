import type { IAgentRuntime, Media } from '@elizaos/core';
import type { RoomPicture } from '../pictures/roomPicture.ts';
import { withPictureFiles } from '../pictures/withPictureFiles.ts';
import { attachRefusals } from './attachRefusals.ts';
import { deliverPiece, withPictureWords } from './deliverPiece.ts';
import { discordClientOf, mayIn, PERMISSION, readyDiscordClient, type DiscordClientLike } from './discordClient.ts';
import { DISCORD, discordCode, errorLine } from './discordError.ts';
import { noAttachFilesText } from './discordTexts.ts';
import { dmRefusals } from './dmRefusals.ts';
import { withDiscordMentions } from './mentions.ts';
import { splitMessage } from './splitMessage.ts';
import { UndeliveredPost } from './undeliveredPost.ts';

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
 * Posts the House's text to a chat platform. On Discord: `@Name` of anyone
 * in `people` (lower-case name to Discord id: the players with a bot of
 * their own, `playerDiscordIds`, and people to ping) becomes a mention, and `allowed_mentions` lists exactly those, so nobody
 * else is pinged; long text goes in pieces under Discord's limit, one after
 * the other (discord.js queues them within the rate limits); a player's own
 * words go out under that player's own bot when it has one, else under the
 * House's, marked with the player's name. A piece Discord refuses throws an
 * UndeliveredPost holding only the pieces not yet sent (a player's bot that
 * fails midway leaves the House only the rest to carry); a DM that refused
 * the bot before is not tried again.
 */
export async function postOnPlatform(
  house: IAgentRuntime,
  target: PlatformTarget,
  text: string,
  as?: Speaker,
  pictures: readonly RoomPicture[] = [],
  people: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  await withPictureFiles(pictures, async (files) => {
    if (target.source !== 'discord') {
      await house.sendMessageToTarget(target, { text: as ? `${as.name}: ${text}` : text, source: target.source, ...(files.length ? { attachments: files } : {}) });
      return;
    }
    const own = as?.runtime && discordClientOf(as.runtime) ? as.runtime : null;
    let rest = text;
    if (own) {
      try {
        await send(own, target, text, files, people);
        return;
      } catch (error) {
        rest = error instanceof UndeliveredPost ? error.unsent : text;
        house.logger.warn(`House: ${as!.name}'s bot could not post; the House carries the rest (${errorLine(error)})`);
      }
    }
    await send(house, target, as ? `${as.name}: ${rest}` : rest, files, people);
  });
}

/**
 * The text in pieces; the pictures go as files with the last piece, under
 * the words that tell them, except where the bot may not attach files (its
 * role lacks Attach Files there, as discord.js knows it or Discord said):
 * there the post says in words what they show, and the channel is told why
 * once. Each piece gets past what the server refuses in it (`deliverPiece`).
 */
async function send(speaker: IAgentRuntime, target: PlatformTarget, text: string, files: Media[], people: ReadonlyMap<string, string>): Promise<void> {
  const client = await readyDiscordClient(speaker);
  const bot = client?.user?.id;
  if (bot && dmRefusals.channel(bot, target.channelId)) throw new UndeliveredPost(text, DISCORD.cannotSendToUser, 'this DM refused the bot before');
  const attach = files.length > 0 && !(client && bot && mayNotAttach(client, bot, target.channelId));
  const { text: mentioned, names } = withDiscordMentions(files.length && !attach ? withPictureWords(text, files) : text, people);
  const pieces = splitMessage(mentioned);
  // What was not sent goes back to plain names: a fallback may post it where mentions mean nothing (the web GUI).
  const plain = (piece: string) => piece.replace(/<@(\d+)>/g, (whole, id: string) => (names.has(id) ? `@${names.get(id)}` : whole));
  let inWords = files.length > 0 && !attach;
  for (const [i, piece] of pieces.entries()) {
    const users = [...names.keys()].filter((id) => piece.includes(`<@${id}>`));
    const post = (words: string, withFiles: Media[]) => speaker.sendMessageToTarget(target, { text: words, source: 'discord', allowedMentions: { parse: [], users }, ...(withFiles.length ? { attachments: withFiles } : {}) });
    try {
      const delivered = await deliverPiece(post, piece, attach && i === pieces.length - 1 ? files : []);
      if (delivered === 'noAttachFiles' && bot) attachRefusals.refused(bot, target.channelId);
      if (delivered === 'noAttachFiles') inWords = true;
      if (delivered === 'tooLarge') speaker.logger.warn(`House: pictures too large for Discord's upload limit went in words to channel ${target.channelId}`);
    } catch (error) {
      const code = discordCode(error);
      if (code === DISCORD.cannotSendToUser && bot && client) {
        const dm = await client.channels.fetch(target.channelId).catch(() => null);
        dmRefusals.refused(bot, dm?.recipientId ?? null, target.channelId);
      }
      throw new UndeliveredPost(pieces.slice(i).map(plain).join('\n'), code, errorLine(error));
    }
  }
  if (inWords && bot && attachRefusals.firstTelling(bot, target.channelId)) {
    await speaker.sendMessageToTarget(target, { text: noAttachFilesText(), source: 'discord', allowedMentions: { parse: [], users: [] } }).catch((error) => speaker.logger.warn(`House: could not say why pictures come in words (${errorLine(error)})`));
  }
}

/** Whether the bot may not attach files in a channel: by what discord.js knows of its permissions there (asking Discord nothing), else by a refusal Discord gave before. */
function mayNotAttach(client: DiscordClientLike, bot: string, channelId: string): boolean {
  const may = mayIn(client.channels.cache?.get(channelId), bot, PERMISSION.attachFiles);
  return may === null ? attachRefusals.refuses(bot, channelId) : !may;
}
