import type { IAgentRuntime, Plugin, Service, UUID } from '@elizaos/core';
import type { AgentServer } from '@elizaos/server';
import { broadcastMessage } from './broadcastMessage.ts';
import { requestLeaving } from '@the-house/plugin-house';

/**
 * Where the agents' message bus sends its requests: a scheme no network
 * stack knows, answered in this process. ElizaOS 1.7.2's MessageBusService
 * talks to its own server over HTTP (the channel's participants for every
 * message, every reply by `POST /api/messaging/submit`): those requests spend
 * the people's `/api` rate limit (a 429 makes an agent conclude it is not in
 * the channel and drop the message without a word), and they go to
 * `localhost` whatever address the server listens on (`SERVER_HOST` set to an
 * address leaves every agent deaf). Here they never leave the process.
 */
export const BUS_ORIGIN = 'house-bus://in-process';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (text: string | undefined): UUID | null => (text && UUID_RE.test(text) ? (text as UUID) : null);

let server: AgentServer | null = null;
let realFetch: typeof fetch | null = null;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refused = (status: number, error: string) => json(status, { success: false, error });

interface SubmitBody {
  messageId?: string;
  channel_id?: string;
  message_server_id?: string;
  author_id?: string;
  content?: string;
  in_reply_to_message_id?: string;
  source_type?: string;
  raw_message?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/** What `POST /api/messaging/submit` does, without HTTP: store the message, then tell the GUIs watching its channel. */
async function submit(to: AgentServer, body: SubmitBody): Promise<Response> {
  const channelId = uuid(body.channel_id);
  const authorId = uuid(body.author_id);
  if (!channelId || !authorId || !uuid(body.message_server_id) || !body.content || !body.source_type || !body.raw_message) return refused(400, 'Missing required fields');
  if (body.message_server_id !== to.messageServerId) return refused(403, 'Forbidden: message_server_id does not match current server');
  const created = await to.createMessage({
    messageId: uuid(body.messageId) ?? undefined,
    channelId,
    authorId,
    content: body.content,
    rawMessage: body.raw_message,
    sourceType: body.source_type,
    inReplyToRootMessageId: uuid(body.in_reply_to_message_id) ?? undefined,
    metadata: body.metadata,
  });
  if (!created) return refused(500, 'Failed to submit agent message');
  broadcastMessage(to, created, {
    serverId: to.messageServerId,
    senderName: typeof body.metadata?.agentName === 'string' ? body.metadata.agentName : 'Agent',
    thought: body.raw_message.thought,
    actions: body.raw_message.actions,
    attachments: body.metadata?.attachments ?? body.raw_message.attachments,
  });
  return json(201, { success: true, data: created });
}

/** The bus's requests, by method and path: the same answers the server's routes give. */
async function serve(url: URL, init: RequestInit | undefined): Promise<Response> {
  const to = server;
  if (!to) return refused(503, 'no server in this process');
  const method = (init?.method ?? 'GET').toUpperCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] !== 'api' || parts[1] !== 'messaging') return refused(404, `not served in process: ${method} ${url.pathname}`);
  const [, , what, id, tail] = parts;
  try {
    if (method === 'GET' && what === 'agents' && tail === 'message-servers' && uuid(id)) {
      return json(200, { success: true, data: { agentId: id, messageServers: await to.getMessageServersForAgent(id as UUID) } });
    }
    if (method === 'GET' && what === 'message-servers' && tail === 'channels' && uuid(id)) {
      return json(200, { success: true, data: { channels: await to.getChannelsForMessageServer(id as UUID) } });
    }
    if (method === 'GET' && what === 'channels' && tail === 'details' && uuid(id)) {
      const details = await to.getChannelDetails(id as UUID);
      return details ? json(200, { success: true, data: details }) : refused(404, 'Channel not found');
    }
    if (method === 'GET' && what === 'channels' && tail === 'participants' && uuid(id)) {
      return json(200, { success: true, data: await to.getChannelParticipants(id as UUID) });
    }
    if (method === 'POST' && (what === 'submit' || what === 'action') && !id) {
      return await submit(to, JSON.parse(String(init?.body ?? '{}')) as SubmitBody);
    }
    // The bus reports each handled message here (1.7.2's server has no such route): the GUI's chat frees its input
    // on `messageComplete`, which its own rule (a reply from a known agent) misses in a room opened by its address.
    if (method === 'POST' && what === 'complete' && !id) {
      const body = JSON.parse(String(init?.body ?? '{}')) as { channel_id?: string };
      const channelId = uuid(body.channel_id);
      if (channelId) to.socketIO?.to(channelId).emit('messageComplete', { channelId, roomId: channelId });
      return new Response(null, { status: 204 });
    }
  } catch (error) {
    return refused(500, error instanceof Error ? error.message : String(error));
  }
  return refused(404, `not served in process: ${method} ${url.pathname}`);
}

/** Answers `BUS_ORIGIN` requests from `to`; every other fetch goes out as before, and a decision watching its requests hears that one is leaving (`requestLeaving`). Installed once a process, pointed at the newest host. */
export function serveBusInProcess(to: AgentServer): void {
  server = to;
  if (realFetch) return;
  const outside = globalThis.fetch;
  realFetch = outside;
  const inProcess = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (href.startsWith(`${BUS_ORIGIN}/`)) return serve(new URL(href), init);
    requestLeaving();
    return outside(input, init);
  };
  globalThis.fetch = Object.assign(inProcess, outside);
}

type BusService = typeof Service & { serviceType: string; prototype: { getCentralMessageServerUrl(): string; handleIncomingMessage(data: unknown): Promise<void> } };

/** Sources that name a platform with a plugin of its own: a message from the bus never comes from one of them. */
const PLATFORMS = new Set(['discord', 'telegram', 'twitter', 'farcaster', 'slack']);
/** What a message's metadata may carry through the bus: how the GUI shows it, never who its sender is elsewhere. */
const KEPT_METADATA = ['channelType', 'isDm', 'attachments', 'user_display_name', 'agentName', 'agent_id', 'serverName', 'channelName', 'carriedBy'];

/**
 * A message as its sender wrote it, minus what would let a web client pass
 * for someone a platform vouches for: a Discord source, a Discord user id,
 * roles. The bus copies a message's metadata into the memory the agents
 * read; the House reads identity from the platform, so none may come this way.
 */
export function withoutClaims(data: unknown): unknown {
  if (!data || typeof data !== 'object') return data;
  const message = data as { source_type?: unknown; metadata?: unknown };
  const metadata = message.metadata && typeof message.metadata === 'object' ? (message.metadata as Record<string, unknown>) : null;
  const kept = metadata ? Object.fromEntries(KEPT_METADATA.filter((k) => Object.hasOwn(metadata, k)).map((k) => [k, metadata[k]])) : undefined;
  const source = typeof message.source_type === 'string' && PLATFORMS.has(message.source_type.toLowerCase()) ? 'client_chat' : message.source_type;
  return { ...message, source_type: source, ...(kept ? { metadata: kept } : {}) };
}
const pointed = new WeakSet<object>();

/**
 * A host plugin that points each agent's message bus at `BUS_ORIGIN` before
 * the bus starts (the server registers it on every agent after the agent's
 * plugins have initialised), so even its first requests stay in process, and
 * strips what a web client could claim about its sender (`withoutClaims`).
 */
export const inProcessBusPlugin: Plugin = {
  name: 'house-in-process-bus',
  description: "Keeps the agents' message bus inside the host process",
  init: async (_config: Record<string, string>, runtime: IAgentRuntime) => {
    const register = runtime.registerService.bind(runtime);
    runtime.registerService = async (definition) => {
      const bus = definition as BusService;
      if (bus.serviceType === 'message-bus-service' && !pointed.has(bus.prototype)) {
        pointed.add(bus.prototype);
        bus.prototype.getCentralMessageServerUrl = () => BUS_ORIGIN;
        const incoming = bus.prototype.handleIncomingMessage;
        bus.prototype.handleIncomingMessage = function (data: unknown) {
          return incoming.call(this, withoutClaims(data));
        };
      }
      return register(definition);
    };
  },
};
