import { ChannelType, stringToUuid, type IAgentRuntime, type UUID } from '@elizaos/core';
import type { AgentServer } from '@elizaos/server';
import type { RoomGateway } from '@the-house/plugin-house';
import type { GameRoom } from '@the-house/plugin-house/roomGateway.ts';
import { seatChatCandidates, seatChatSpec } from '@the-house/plugin-house/seatChat.ts';
import { broadcastMessage } from './broadcastMessage.ts';
import { storePictures } from './storePictures.ts';
import type { PictureAttachment } from '@the-house/plugin-house/pictures/pictureAttachment.ts';

/** Tries per post before the House logs it as lost. */
const POST_ATTEMPTS = 3;

/**
 * The House's rooms and posts straight into the server it runs in: the same
 * database rows and socket.io broadcast as `/api/messaging/channels` and
 * `/api/messaging/submit`, without HTTP. The server's per-IP rate limit (1,000
 * requests per 15 minutes, loopback included) never sees the House's own
 * traffic, so a long run of matches loses no post and people's requests are
 * not refused because of it. A keyed post (a round re-posted after a restart)
 * is stored once.
 */
export function serverGateway(server: AgentServer, runtime: IAgentRuntime): RoomGateway {
  const exists = async (id: UUID): Promise<boolean> => {
    const db = server.database as unknown as { getMessageById?: (id: UUID) => Promise<unknown> };
    return db.getMessageById ? (await db.getMessageById(id)) !== null : false;
  };
  /** Whether a room is a DM of that person and the House alone, as the server's rows say. */
  const isPrivateTo = async (channelId: string, personId: string): Promise<boolean> => {
    try {
      const channel = await server.getChannelDetails(channelId as UUID);
      if (!channel || channel.type !== ChannelType.DM) return false;
      const members = new Set(await server.getChannelParticipants(channelId as UUID));
      return members.has(personId as UUID) && [...members].every((m) => m === personId || m === runtime.agentId);
    } catch {
      return false;
    }
  };
  /** The person's chat with the House they already have (seatChatCandidates), else one the House opens under its title. */
  const directRoom = async (personId: string): Promise<GameRoom | null> => {
    try {
      const channels = await server.getChannelsForMessageServer(server.messageServerId);
      for (const id of seatChatCandidates(channels, personId, runtime.agentId)) if (await isPrivateTo(id, personId)) return { channelId: id, serverId: server.messageServerId };
      const { name, metadata } = seatChatSpec(personId, runtime.agentId, runtime.character.name);
      const channel = await server.createChannel({ messageServerId: server.messageServerId, name, type: ChannelType.DM, metadata }, [personId, runtime.agentId] as UUID[]);
      return { channelId: channel.id, serverId: server.messageServerId };
    } catch (error) {
      runtime.logger.warn(`House: could not open a direct chat with ${personId}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
  const opening = new Map<string, Promise<GameRoom | null>>();
  return {
    async createRoom(name, participantIds) {
      try {
        const channel = await server.createChannel({ messageServerId: server.messageServerId, name, type: ChannelType.GROUP, metadata: { house: true } }, participantIds as UUID[]);
        return { channelId: channel.id, serverId: server.messageServerId };
      } catch (error) {
        runtime.logger.error(`House: could not create the room "${name}": ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    },
    async post(room, text, key, author, pictures = []) {
      const from = author ?? { id: runtime.agentId, name: runtime.character.name };
      const messageId = key ? stringToUuid(`${room.channelId}:${key}`) : undefined;
      let why = '';
      let attachments: PictureAttachment[] | undefined;
      for (let attempt = 1; attempt <= POST_ATTEMPTS; attempt++) {
        try {
          if (messageId && (await exists(messageId))) return;
          attachments ??= storePictures(runtime, pictures);
          const created = await server.createMessage({
            messageId,
            channelId: room.channelId as UUID,
            authorId: from.id as UUID,
            content: text,
            rawMessage: { text, thought: '', actions: [author ? 'HOUSE_CARRY' : 'HOUSE_ANNOUNCE'] },
            sourceType: 'agent_response',
            metadata: { agent_id: from.id, agentName: from.name, channelType: 'GROUP', isDm: false, carriedBy: author ? runtime.character.name : undefined, ...(attachments.length ? { attachments } : {}) },
          });
          broadcastMessage(server, created, { serverId: room.serverId, senderName: from.name, id: messageId, source: 'agent_response', actions: [author ? 'HOUSE_CARRY' : 'HOUSE_ANNOUNCE'], ...(attachments.length ? { attachments } : {}) });
          return;
        } catch (error) {
          why = error instanceof Error ? error.message : String(error);
          await Bun.sleep(50 * attempt);
        }
      }
      runtime.logger.error(`House: a post to room ${room.channelId} was lost after ${POST_ATTEMPTS} tries: ${why}`);
    },
    directRoom(personId) {
      // One chat per person: two seats taken at once wait for the same look-up.
      const pending = opening.get(personId) ?? directRoom(personId).finally(() => opening.delete(personId));
      opening.set(personId, pending);
      return pending;
    },
    isPrivateTo,
    async closeRoom(room) {
      try {
        await server.deleteChannel(room.channelId as UUID);
        // What DELETE /api/messaging/channels/:id tells a GUI that has the room open.
        server.socketIO?.to(room.channelId).emit('channelDeleted', { channelId: room.channelId });
      } catch (error) {
        runtime.logger.warn(`House: could not close room ${room.channelId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
