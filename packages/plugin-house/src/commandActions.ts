import { ChannelType, type Action, type Content, type HandlerCallback, type IAgentRuntime, type Memory } from '@elizaos/core';
import { looksLikeCommand } from '@the-house/lab/chat/looksLikeCommand.ts';
import { parseCommand, type CommandSpec } from './commands/parse.ts';
import { houseCommandTable } from './games/houseGames.ts';
import type { CommandAuthor, CommandDesk } from './types.ts';
import { directChannelOf, playerNamesByDiscordId } from './discord/discordClient.ts';
import { discordRolesOf } from './discord/memberRoles.ts';
import { fromDiscordMentions } from './discord/mentions.ts';
import { splitMessage } from './discord/splitMessage.ts';
import type { PlayerDirectory } from './playerDirectory.ts';

/**
 * The author as the platform vouches for them: the server's messaging user id
 * (or the message's entity), the display name it carries (for seats, never for
 * trust), and on Discord the user id plugin-discord read from the gateway.
 * Roles are read from Discord by the House itself (`discordRolesOf`), never
 * from the message: a message's metadata is what its sender wrote.
 */
export function authorOf(message: Memory): CommandAuthor {
  const metadata = message.metadata as { raw?: { senderId?: string; senderName?: string }; entityName?: string; fromId?: unknown } | undefined;
  const raw = metadata?.raw;
  const fromDiscord = message.content.source === 'discord' && typeof metadata?.fromId === 'string' && /^\d{17,20}$/.test(metadata.fromId);
  return {
    id: raw?.senderId ?? message.entityId,
    entityId: message.entityId,
    // plugin-discord names the sender `entityName`: their display name in that server.
    name: raw?.senderName ?? metadata?.entityName ?? '',
    ...(fromDiscord ? { discordId: metadata!.fromId as string } : {}),
  };
}

/** Chat platforms with their own send handler, where the House also posts the match it was asked for there. */
const PLATFORMS = new Set(['discord', 'telegram']);

async function originOf(runtime: IAgentRuntime, message: Memory): Promise<CommandAuthor['origin']> {
  const source = message.content.source;
  if (!source || !PLATFORMS.has(source)) return null;
  const room = await runtime.getRoom(message.roomId);
  return room?.channelId ? { source, channelId: room.channelId } : null;
}

/** The GUI channel a message came from, for the House to write back to that person later (their seat's private requests). */
async function roomOf(runtime: IAgentRuntime, message: Memory): Promise<CommandAuthor['room']> {
  if (message.content.source && PLATFORMS.has(message.content.source)) return null;
  const room = await runtime.getRoom(message.roomId);
  const serverId = room?.messageServerId ?? room?.serverId;
  return room?.channelId && serverId ? { channelId: room.channelId, serverId } : null;
}

/** On Discord, the person's DM with the House's bot: what the House tells a seated person stays out of the public channel. */
async function directOf(runtime: IAgentRuntime, message: Memory, origin: CommandAuthor['origin']): Promise<CommandAuthor['direct']> {
  if (origin?.source !== 'discord') return null;
  if (message.content.channelType === 'DM') return origin;
  const discordUser = (message.metadata as { fromId?: string } | undefined)?.fromId;
  const dm = discordUser ? await directChannelOf(runtime, discordUser) : null;
  return dm ? { source: 'discord', channelId: dm } : null;
}

async function authorName(runtime: IAgentRuntime, message: Memory): Promise<CommandAuthor> {
  const origin = await originOf(runtime, message);
  const room = await runtime.getRoom(message.roomId);
  const typedInDm = message.content.channelType === ChannelType.DM || room?.type === ChannelType.DM;
  const author = { ...authorOf(message), origin, direct: await directOf(runtime, message, origin), room: await roomOf(runtime, message), private: typedInDm };
  const entity = await runtime.getEntityById(message.entityId);
  const names = (entity?.names ?? []).filter((n): n is string => typeof n === 'string' && n.length > 0);
  const roles = (await discordRolesOf(runtime, message)) ?? undefined;
  return { ...author, names, name: author.name || names[0] || '', ...(roles ? { roles } : {}) };
}

/** Longest reply the House sends to one command; anything longer is cut, saying so (a reply never echoes kilobytes back). */
export const MAX_REPLY = 4000;

function bounded(text: string): string {
  return text.length > MAX_REPLY ? `${text.slice(0, MAX_REPLY)}… (cut: the whole answer was ${text.length} characters)` : text;
}

/**
 * Runs a House command deterministically: parse, check the phase, act, reply.
 * No model is asked; a bad command gets a reply saying what is allowed.
 */
export async function runCommand(runtime: IAgentRuntime, message: Memory, callback?: HandlerCallback, table: readonly CommandSpec[] = houseCommandTable()): Promise<string | null> {
  const discord = message.content.source === 'discord';
  const house = runtime.getService('house') as unknown as (CommandDesk & { players?: PlayerDirectory }) | null;
  const typed = discord && message.content.text && house?.players ? fromDiscordMentions(message.content.text, playerNamesByDiscordId(house.players)) : message.content.text;
  const parsed = parseCommand(typed, table);
  if (!parsed) return null;
  let release: () => void = () => {};
  const replied = new Promise<void>((resolve) => (release = resolve));
  let text: string;
  if (!house) text = 'The House is not ready yet; try again in a moment.';
  else if (!parsed.ok) text = parsed.error;
  else {
    try {
      text = await house.handleCommand(parsed.command, await authorName(runtime, message), parsed.match, replied);
    } catch (error) {
      // A command always gets an answer: what went wrong goes to the log, the person gets one line.
      runtime.logger.error(`House: !${parsed.command.kind} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      text = `The House could not finish !${parsed.command.kind === 'game' ? parsed.command.verb : parsed.command.kind} just now; its log says why.`;
    }
  }
  text = bounded(text);
  const spec = parsed.ok ? table.find((s) => s.verb === (parsed.command.kind === 'game' ? parsed.command.verb : parsed.command.kind)) : undefined;
  try {
    for (const piece of discord ? splitMessage(text) : [text]) {
      const reply: Content = { text: piece, actions: [spec?.action ?? 'HOUSE_COMMAND'], source: message.content.source, responseId: crypto.randomUUID() } as Content;
      await callback?.(reply);
    }
  } finally {
    release();
  }
  return text;
}

/** One action per command (HOUSE_GAMES, HOUSE_PLAY, ...), each valid only for its own verb. */
export function commandActions(table: readonly CommandSpec[] = houseCommandTable()): Action[] {
  return table.map((spec) => ({
    name: spec.action,
    similes: [`!${spec.verb}`],
    description: `${spec.usage}: ${spec.help}`,
    validate: async (_runtime, message) => {
      const parsed = parseCommand(message.content.text, table);
      return !!parsed && parsed.ok && (parsed.command.kind === 'game' ? parsed.command.verb : parsed.command.kind) === spec.verb;
    },
    handler: async (runtime, message, _state, _options, callback) => {
      const text = await runCommand(runtime, message, callback, table);
      return { success: text !== null, text: text ?? undefined };
    },
    examples: [],
  }));
}

/**
 * Commands are answered before the message pipeline asks any model: the
 * House's message service sees `!...` first, stores the message and replies
 * through the same callback a model reply would use.
 */
export function interceptCommands(runtime: IAgentRuntime): void {
  const messages = runtime.messageService;
  if (!messages) return;
  const handle = messages.handleMessage.bind(messages);
  messages.handleMessage = async (rt, message, callback, options) => {
    if (!looksLikeCommand(message.content.text) || message.entityId === rt.agentId) return handle(rt, message, callback, options);
    if (message.id && !(await rt.getMemoryById(message.id))) await rt.createMemory(message, 'messages');
    const text = await runCommand(rt, message, callback);
    return {
      didRespond: text !== null,
      responseContent: text === null ? null : { text },
      responseMessages: [],
      state: { values: {}, data: {}, text: '' },
      mode: 'simple',
    };
  };
}
