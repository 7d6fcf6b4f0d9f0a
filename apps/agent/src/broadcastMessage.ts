import type { AgentServer } from '@elizaos/server';

interface Stored {
  id: string;
  channelId: string;
  authorId: string;
  content: string;
  sourceType?: string;
  createdAt: Date | string | number;
}

/**
 * What the server's `/api/messaging/submit` tells the GUIs watching a
 * channel once a message is stored: a `messageBroadcast` on its socket.io
 * room. `id` is the message's key when it has one (a re-posted round).
 */
export function broadcastMessage(
  server: AgentServer,
  created: Stored,
  extra: { serverId: string; senderName: string; id?: string; source?: string; thought?: unknown; actions?: unknown; attachments?: unknown },
): void {
  server.socketIO?.to(created.channelId).emit('messageBroadcast', {
    senderId: created.authorId,
    senderName: extra.senderName,
    text: created.content,
    roomId: created.channelId,
    serverId: extra.serverId,
    createdAt: new Date(created.createdAt).getTime(),
    source: extra.source ?? created.sourceType,
    id: extra.id ?? created.id,
    thought: extra.thought,
    actions: extra.actions,
    attachments: extra.attachments,
  });
}
