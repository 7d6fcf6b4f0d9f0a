import { stringToUuid, type IAgentRuntime } from '@elizaos/core';
import type { RoomPicture } from './pictures/roomPicture.ts';
import { pictureAttachment, type PictureAttachment } from './pictures/pictureAttachment.ts';

export interface GameRoom {
  channelId: string;
  serverId: string;
}

/** Where the House talks in public: the game room a match gets (a group channel of the messaging server). */
export interface RoomGateway {
  createRoom(name: string, participantIds: string[]): Promise<GameRoom | null>;
  /**
   * `key` names the post: the same key twice (a round re-posted after a crash)
   * is stored once. `author` posts as a player (its DM or public message, which
   * the House carries); the House itself by default. `pictures` go with the
   * text as images the GUI shows under it.
   */
  post(room: GameRoom, text: string, key?: string, author?: PostAuthor, pictures?: readonly RoomPicture[]): Promise<void>;
  /** Deletes a room and its posts (the House's DM rooms of a closed match); a gateway without rooms has none to close. */
  closeRoom?(room: GameRoom): Promise<void>;
  /** The direct chat of one person and the House, where what is theirs alone goes: the one they have (the House's chat for their seats, else their newest in the web GUI), else one the House opens, titled "Your seats at <House>". */
  directRoom?(personId: string): Promise<GameRoom | null>;
  /** Whether a room is a direct chat of that person and the House, and no one else: as the server records it, not as a message says. */
  isPrivateTo?(channelId: string, personId: string): Promise<boolean>;
}

/** A player the House posts for: its agent id and name. */
export interface PostAuthor {
  id: string;
  name: string;
}

/** For headless runs and benches: rooms exist nowhere and posts go nowhere. */
export const silentGateway: RoomGateway = {
  createRoom: async () => null,
  post: async () => {},
};

function baseUrl(): string {
  if (process.env.CENTRAL_MESSAGE_SERVER_URL) return process.env.CENTRAL_MESSAGE_SERVER_URL;
  return `http://127.0.0.1:${process.env.SERVER_PORT ?? '3000'}`;
}

function headers(): Record<string, string> {
  const h: Record<string, string> = { 'Content-Type': 'application/json' };
  if (process.env.ELIZA_SERVER_AUTH_TOKEN) h['X-API-KEY'] = process.env.ELIZA_SERVER_AUTH_TOKEN;
  return h;
}

/**
 * Pictures stored as the server stores an agent's uploaded media (`POST
 * /api/media/agents/:id/upload-media`), which it serves at
 * `/media/uploads/agents/...` to the GUI; one that cannot be stored is left
 * out and the post goes without it.
 */
async function uploadPictures(runtime: IAgentRuntime, pictures: readonly RoomPicture[]): Promise<PictureAttachment[]> {
  const out: PictureAttachment[] = [];
  for (const picture of pictures) {
    try {
      const form = new FormData();
      form.append('file', new Blob([picture.png.slice()], { type: 'image/png' }), picture.name);
      const { ['Content-Type']: _json, ...auth } = headers();
      const res = await fetch(new URL(`/api/media/agents/${runtime.agentId}/upload-media`, baseUrl()), { method: 'POST', headers: auth, body: form });
      const body = res.ok ? ((await res.json()) as { data?: { url?: unknown } }) : null;
      if (typeof body?.data?.url === 'string') out.push(pictureAttachment(picture, body.data.url));
      else runtime.logger.warn(`House: a picture for the game room could not be stored (${res.status})`);
    } catch (error) {
      runtime.logger.warn(`House: a picture for the game room could not be stored (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return out;
}

/**
 * The messaging REST API of the AgentServer this House runs in, as the server's
 * own message bus uses it: a group channel for each match (the GUI lists it
 * under Groups) and `/api/messaging/submit` for the House's posts, which the
 * server broadcasts to the GUI and to the agents in the room.
 */
export function restGateway(runtime: IAgentRuntime): RoomGateway {
  let serverId: string | null = null;
  const currentServer = async (): Promise<string | null> => {
    if (serverId) return serverId;
    const res = await fetch(new URL('/api/messaging/message-server/current', baseUrl()), { headers: headers() });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { messageServerId?: string } };
    serverId = body.data?.messageServerId ?? null;
    return serverId;
  };
  return {
    createRoom: (name, participantIds) => createRestRoom(runtime, currentServer, name, participantIds),
    post: (room, text, key, author, pictures = []) => postToRoom(runtime, room, text, key, author, pictures),
    async closeRoom(room) {
      try {
        const res = await fetch(new URL(`/api/messaging/channels/${encodeURIComponent(room.channelId)}`, baseUrl()), { method: 'DELETE', headers: headers() });
        if (!res.ok && res.status !== 404) runtime.logger.warn(`House: could not close room ${room.channelId} (${res.status})`);
      } catch (error) {
        runtime.logger.warn(`House: could not close room ${room.channelId} (${error instanceof Error ? error.message : String(error)})`);
      }
    },
  };
}

/** A group channel for a match on the server's current message server (the GUI lists it under Groups); null when none could be made. */
async function createRestRoom(runtime: IAgentRuntime, currentServer: () => Promise<string | null>, name: string, participantIds: string[]): Promise<GameRoom | null> {
  try {
    const server = await currentServer();
    if (!server) return null;
    const res = await fetch(new URL('/api/messaging/channels', baseUrl()), {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ name, type: 'GROUP', message_server_id: server, participantCentralUserIds: participantIds, metadata: { house: true } }),
    });
    if (!res.ok) {
      runtime.logger.warn(`House: could not create the game room (${res.status})`);
      return null;
    }
    const body = (await res.json()) as { data?: { id?: string } };
    return body.data?.id ? { channelId: body.data.id, serverId: server } : null;
  } catch (error) {
    runtime.logger.warn(`House: no messaging server for a game room (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/** A House post (or one it carries for `author`) through `/api/messaging/submit`, with its pictures stored first; a failure is logged, never thrown. */
async function postToRoom(runtime: IAgentRuntime, room: GameRoom, text: string, key: string | undefined, author: PostAuthor | undefined, pictures: readonly RoomPicture[]): Promise<void> {
  const from = author ?? { id: runtime.agentId, name: runtime.character.name };
  try {
    const attachments = await uploadPictures(runtime, pictures);
    const res = await fetch(new URL('/api/messaging/submit', baseUrl()), {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({
        ...(key ? { messageId: stringToUuid(`${room.channelId}:${key}`) } : {}),
        channel_id: room.channelId,
        message_server_id: room.serverId,
        author_id: from.id,
        content: text,
        source_type: 'agent_response',
        raw_message: { text, thought: '', actions: [author ? 'HOUSE_CARRY' : 'HOUSE_ANNOUNCE'] },
        metadata: { agent_id: from.id, agentName: from.name, channelType: 'GROUP', isDm: false, carriedBy: author ? runtime.character.name : undefined, ...(attachments.length ? { attachments } : {}) },
      }),
    });
    if (!res.ok) runtime.logger.warn(`House: post to the game room failed (${res.status})`);
  } catch (error) {
    runtime.logger.warn(`House: post to the game room failed (${error instanceof Error ? error.message : String(error)})`);
  }
}
