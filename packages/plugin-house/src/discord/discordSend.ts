import { createUniqueUuid, stringToUuid, type ChannelType, type Content, type IAgentRuntime, type Media, type TargetInfo } from '@elizaos/core';
import { errorLine } from './discordError.ts';
import { splitMessage } from './splitMessage.ts';

/** Who a message may ping, as discord.js takes it (`allowed_mentions`). */
export interface AllowedMentions {
  parse: Array<'users' | 'roles' | 'everyone'>;
  users: string[];
}

interface SentMessage {
  id: string;
  content: string;
  url: string;
  createdTimestamp: number;
}

/** The little of a discord.js text channel a send needs. */
interface SendableChannel {
  id: string;
  guild?: { id: string; name: string } | null;
  send(options: { content?: string; files?: Array<{ attachment: string; name: string; description?: string }>; allowedMentions?: AllowedMentions }): Promise<SentMessage>;
}

/** plugin-discord's service, as far as a send needs it: its client, and how it names a channel's kind for ElizaOS. */
export interface DiscordSendingService {
  client: {
    isReady(): boolean;
    user: { id: string; username: string; displayName?: string } | null;
    channels: { fetch(id: string): Promise<unknown> };
    users: { fetch(id: string): Promise<{ createDM(): Promise<unknown> }> };
  } | null;
  getChannelType(channel: unknown): Promise<ChannelType>;
}

const SNOWFLAKE = /^\d{17,20}$/;

/** `content.allowedMentions` when it is one the House wrote (user ids only, no parse): anything else sends with Discord's defaults. */
function allowedMentionsOf(content: Content): AllowedMentions | undefined {
  const given = content.allowedMentions as { parse?: unknown; users?: unknown } | undefined;
  if (!given || !Array.isArray(given.users) || !given.users.every((u) => typeof u === 'string' && SNOWFLAKE.test(u))) return undefined;
  return { parse: [], users: given.users as string[] };
}

/** Extensions by an attachment's kind, when neither its name nor its address has one (plugin-discord's). */
const EXTENSIONS = new Map<string, string>([
  ['image', '.png'],
  ['video', '.mp4'],
  ['audio', '.mp3'],
  ['document', '.txt'],
  ['link', '.html'],
]);

/** An attachment's file name as plugin-discord gives it: its title (else its id) with the extension of its address, else of its kind. */
function fileName(media: Media): string {
  const base = media.title || media.id || 'attachment';
  if (/\.\w{1,5}$/.test(base)) return base;
  const fromUrl = /(\.\w{1,4})(?:[?#].*)?$/.exec(media.url)?.[1];
  return `${base}${fromUrl ?? (media.contentType ? EXTENSIONS.get(media.contentType) : undefined) ?? '.txt'}`;
}

/**
 * Sends `content` to a Discord channel (or a user's DM) through the
 * runtime's own bot, as plugin-discord's send handler does (pieces under the
 * limit, attachments with the last, the sent messages kept as the agent's
 * memories) but with `allowed_mentions` when the content names whom to ping,
 * so Discord pings exactly them, and each file with its alternative text;
 * nothing is sent for whitespace alone. A refused send throws discord.js's error
 * (its `code` says why) for the caller to act on.
 */
export async function sendOnDiscord(runtime: IAgentRuntime, service: DiscordSendingService, target: TargetInfo, content: Content): Promise<void> {
  const client = service.client;
  if (!client?.isReady() || !client.user) throw new Error('Discord client is not ready.');
  const found = target.channelId ? await client.channels.fetch(target.channelId) : target.entityId ? await (await client.users.fetch(target.entityId)).createDM() : null;
  const channel = found as SendableChannel | null;
  if (!channel || typeof channel.send !== 'function') throw new Error(`Discord: no channel to send to (${target.channelId ?? target.entityId ?? 'no target'})`);
  const allowedMentions = allowedMentionsOf(content);
  // Each file with its alternative text, which Discord shows to screen readers and in place of the image.
  const files = (content.attachments ?? []).filter((m) => m.url).map((m) => ({ attachment: m.url, name: fileName(m), ...(m.description ? { description: m.description.slice(0, 1024) } : {}) }));
  // Discord refuses content of whitespace alone (50006); files go alone then.
  const pieces = splitMessage(content.text ?? '').filter((piece) => piece.trim().length > 0);
  const sent: SentMessage[] = [];
  if (!pieces.length && files.length) sent.push(await channel.send({ files, ...(allowedMentions ? { allowedMentions } : {}) }));
  for (const [i, piece] of pieces.entries()) {
    const last = i === pieces.length - 1;
    sent.push(await channel.send({ content: piece, ...(last && files.length ? { files } : {}), ...(allowedMentions ? { allowedMentions } : {}) }));
  }
  await remember(runtime, service, channel, sent, content).catch((error) => runtime.logger.warn(`House: a Discord post went out but was not kept as a memory (${errorLine(error)})`));
}

/** The room, world and memories plugin-discord keeps for what its bot sent, so the agent's recent messages hold its own posts. */
async function remember(runtime: IAgentRuntime, service: DiscordSendingService, channel: SendableChannel, sent: SentMessage[], content: Content): Promise<void> {
  const roomId = createUniqueUuid(runtime, channel.id);
  const type = await service.getChannelType(channel);
  const serverId = channel.guild?.id ?? channel.id;
  const user = service.client!.user!;
  await runtime.ensureConnection({
    entityId: runtime.agentId,
    roomId,
    userName: user.username,
    name: user.displayName || user.username,
    source: 'discord',
    channelId: channel.id,
    messageServerId: stringToUuid(serverId),
    type,
    worldId: createUniqueUuid(runtime, serverId),
    worldName: channel.guild?.name,
  });
  for (const message of sent) {
    await runtime.createMemory(
      {
        id: createUniqueUuid(runtime, message.id),
        entityId: runtime.agentId,
        agentId: runtime.agentId,
        roomId,
        content: { text: message.content || content.text || ' ', url: message.url, channelType: type },
        metadata: { type: 'message' },
        createdAt: message.createdTimestamp,
      },
      'messages',
    );
  }
}
