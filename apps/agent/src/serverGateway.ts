import { ChannelType, stringToUuid, type IAgentRuntime, type UUID } from '@elizaos/core';
import type { AgentServer } from '@elizaos/server';
import type { RoomGateway } from '@the-house/plugin-house';
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
    async directRoom(personId) {
      try {
        const channel = await server.findOrCreateCentralDmChannel(personId as UUID, runtime.agentId, server.messageServerId);
        return { channelId: channel.id, serverId: server.messageServerId };
      } catch (error) {
        runtime.logger.warn(`House: could not open a direct chat with ${personId}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    },
    async isPrivateTo(channelId, personId) {
      try {
        const channel = await server.getChannelDetails(channelId as UUID);
        if (!channel || channel.type !== ChannelType.DM) return false;
        const members = new Set(await server.getChannelParticipants(channelId as UUID));
        return members.has(personId as UUID) && [...members].every((m) => m === personId || m === runtime.agentId);
      } catch {
        return false;
      }
    },
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
