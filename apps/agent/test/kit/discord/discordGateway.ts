import type { ServerWebSocket } from 'bun';
import { GatewayCloseCodes, GatewayDispatchEvents, GatewayIntentBits, GatewayOpcodes } from 'discord.js';
import { channelPayload, guildCreatePayload, memberPayload, messagePayload, userPayload } from './discordPayloads.ts';
import type { DiscordWorld, WorldApp, WorldEvent } from './discordWorld.ts';

const PRIVILEGED = GatewayIntentBits.GuildMembers | GatewayIntentBits.GuildPresences | GatewayIntentBits.MessageContent;
/** How many dispatches a session keeps for a RESUME (Discord keeps a few minutes' worth). */
const REPLAY_LIMIT = 2000;

export interface SocketData {
  session: GatewaySession | null;
}

export interface GatewaySession {
  id: string;
  app: WorldApp;
  intents: number;
  seq: number;
  sent: Array<{ s: number; t: string; d: unknown }>;
  socket: ServerWebSocket<SocketData> | null;
}

interface Payload {
  op: number;
  d?: unknown;
  s?: number | null;
  t?: string | null;
}

export interface GatewayStats {
  identifies: number;
  resumes: number;
  heartbeats: number;
  refusedIdentifies: Array<{ code: number; reason: string }>;
}

/**
 * The gateway (JSON encoding, no compression): HELLO, IDENTIFY to READY and
 * GUILD_CREATE, heartbeats and their ACKs, RESUME with a replay of what the
 * session missed, REQUEST_GUILD_MEMBERS, and the dispatches the world's
 * events make, each to the bots whose intents and permissions let them see it.
 */
export class DiscordGateway {
  readonly sessions = new Map<string, GatewaySession>();
  readonly stats: GatewayStats = { identifies: 0, resumes: 0, heartbeats: 0, refusedIdentifies: [] };

  constructor(
    private readonly world: DiscordWorld,
    private readonly url: () => string,
    private readonly heartbeatMs = 41_250,
  ) {
    world.subscribe((event) => this.fanOut(event));
  }

  open(ws: ServerWebSocket<SocketData>): void {
    this.send(ws, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.heartbeatMs } });
  }

  message(ws: ServerWebSocket<SocketData>, raw: string | Buffer): void {
    let payload: Payload;
    try {
      payload = JSON.parse(String(raw)) as Payload;
    } catch {
      ws.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
      return;
    }
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        this.stats.heartbeats += 1;
        this.send(ws, { op: GatewayOpcodes.HeartbeatAck });
        return;
      case GatewayOpcodes.Identify:
        return this.identify(ws, payload.d as { token: string; intents: number });
      case GatewayOpcodes.Resume:
        return this.resume(ws, payload.d as { token: string; session_id: string; seq: number });
      case GatewayOpcodes.RequestGuildMembers:
        return this.requestMembers(ws, payload.d as { guild_id: string; nonce?: string; user_ids?: string[] | string });
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.VoiceStateUpdate:
        return;
      default:
        ws.close(GatewayCloseCodes.UnknownOpcode, 'Unknown opcode.');
    }
  }

  close(ws: ServerWebSocket<SocketData>): void {
    if (ws.data.session?.socket === ws) ws.data.session.socket = null;
  }

  /** Drops a bot's connection the way a network blip does (close 4000): discord.js resumes its session. */
  drop(botId: string): boolean {
    const session = [...this.sessions.values()].find((s) => s.app.botId === botId && s.socket);
    if (!session) return false;
    session.socket!.close(GatewayCloseCodes.UnknownError, 'The emulator dropped this connection');
    session.socket = null;
    return true;
  }

  connected(botId: string): boolean {
    return [...this.sessions.values()].some((s) => s.app.botId === botId && s.socket !== null);
  }

  private identify(ws: ServerWebSocket<SocketData>, d: { token: string; intents: number }): void {
    if (ws.data.session) return void ws.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
    const app = this.world.appOfToken(String(d?.token ?? '').replace(/^Bot /, ''));
    if (!app) return this.refuse(ws, GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
    const intents = Number(d.intents ?? 0);
    if ((intents & PRIVILEGED & ~app.privilegedIntents) !== 0) return this.refuse(ws, GatewayCloseCodes.DisallowedIntents, 'Disallowed intent(s).');
    this.stats.identifies += 1;
    const session: GatewaySession = { id: crypto.randomUUID().replaceAll('-', ''), app, intents, seq: 0, sent: [], socket: ws };
    this.sessions.set(session.id, session);
    ws.data.session = session;
    const inGuild = this.world.members.has(app.botId);
    this.dispatch(session, GatewayDispatchEvents.Ready, {
      v: 10,
      user: userPayload(this.world.user(app.botId)),
      guilds: inGuild ? [{ id: this.world.guildId, unavailable: true }] : [],
      session_id: session.id,
      resume_gateway_url: this.url(),
      shard: [0, 1],
      application: { id: app.id, flags: 0 },
    });
    if (inGuild) this.dispatch(session, GatewayDispatchEvents.GuildCreate, guildCreatePayload(this.world, app.botId));
  }

  private refuse(ws: ServerWebSocket<SocketData>, code: number, reason: string): void {
    this.stats.refusedIdentifies.push({ code, reason });
    ws.close(code, reason);
  }

  private resume(ws: ServerWebSocket<SocketData>, d: { token: string; session_id: string; seq: number }): void {
    const session = this.sessions.get(d?.session_id);
    if (!session || session.app.token !== String(d.token).replace(/^Bot /, '') || session.socket) {
      this.send(ws, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
    }
    this.stats.resumes += 1;
    session.socket = ws;
    ws.data.session = session;
    for (const p of session.sent.filter((p) => p.s > d.seq)) this.send(ws, { op: GatewayOpcodes.Dispatch, ...p });
    this.dispatch(session, GatewayDispatchEvents.Resumed, {});
  }

  private requestMembers(ws: ServerWebSocket<SocketData>, d: { guild_id: string; nonce?: string; user_ids?: string[] | string }): void {
    const session = ws.data.session;
    if (!session) return void ws.close(GatewayCloseCodes.NotAuthenticated, 'Not authenticated.');
    const wanted = d.user_ids === undefined ? null : new Set([d.user_ids].flat());
    const members = [...this.world.members.values()].filter((m) => !wanted || wanted.has(m.userId));
    this.dispatch(session, GatewayDispatchEvents.GuildMembersChunk, {
      guild_id: this.world.guildId,
      members: members.map((m) => memberPayload(this.world, m)),
      chunk_index: 0,
      chunk_count: 1,
      not_found: wanted ? [...wanted].filter((id) => !this.world.members.has(id)) : [],
      ...(d.nonce ? { nonce: d.nonce } : {}),
    });
  }

  private send(ws: ServerWebSocket<SocketData>, payload: Payload): void {
    ws.send(JSON.stringify({ s: null, t: null, d: null, ...payload }));
  }

  /** Numbers a dispatch, keeps it for a resume, and sends it now if the bot is connected. */
  private dispatch(session: GatewaySession, t: string, d: unknown): void {
    session.seq += 1;
    const p = { s: session.seq, t, d };
    session.sent.push(p);
    if (session.sent.length > REPLAY_LIMIT) session.sent.shift();
    if (session.socket) this.send(session.socket, { op: GatewayOpcodes.Dispatch, ...p });
  }

  private fanOut(event: WorldEvent): void {
    for (const session of this.sessions.values()) {
      const bot = session.app.botId;
      const has = (intent: number) => (session.intents & intent) !== 0;
      const inGuild = this.world.members.has(bot);
      switch (event.kind) {
        case 'message': {
          const { message } = event;
          const dm = message.guildId === null;
          if (dm ? !has(GatewayIntentBits.DirectMessages) : !has(GatewayIntentBits.GuildMessages) || !inGuild) break;
          if (!this.world.canSee(bot, message.channelId)) break;
          this.dispatch(session, GatewayDispatchEvents.MessageCreate, messagePayload(this.world, message, { id: bot, messageContent: has(GatewayIntentBits.MessageContent) }));
          break;
        }
        case 'thread':
          if (has(GatewayIntentBits.Guilds) && inGuild && this.world.canSee(bot, event.channel.id)) {
            this.dispatch(session, GatewayDispatchEvents.ThreadCreate, { ...channelPayload(this.world, event.channel), newly_created: true });
          }
          break;
        case 'member': {
          const member = this.world.members.get(event.userId);
          if (!member) break;
          if (event.userId === bot && event.added) {
            this.dispatch(session, GatewayDispatchEvents.GuildCreate, guildCreatePayload(this.world, bot));
            break;
          }
          if (!has(GatewayIntentBits.GuildMembers) || !inGuild) break;
          const t = event.added ? GatewayDispatchEvents.GuildMemberAdd : GatewayDispatchEvents.GuildMemberUpdate;
          this.dispatch(session, t, { guild_id: this.world.guildId, ...memberPayload(this.world, member) });
          break;
        }
        case 'typing': {
          const dm = this.world.channel(event.channelId).guildId === null;
          if (!has(dm ? GatewayIntentBits.DirectMessageTyping : GatewayIntentBits.GuildMessageTyping) || !this.world.canSee(bot, event.channelId)) break;
          const member = dm ? undefined : this.world.members.get(event.userId);
          this.dispatch(session, GatewayDispatchEvents.TypingStart, {
            channel_id: event.channelId,
            ...(dm ? {} : { guild_id: this.world.guildId }),
            user_id: event.userId,
            timestamp: Math.floor(Date.now() / 1000),
            ...(member ? { member: memberPayload(this.world, member) } : {}),
          });
          break;
        }
        case 'reaction': {
          const dm = event.message.guildId === null;
          if (!has(dm ? GatewayIntentBits.DirectMessageReactions : GatewayIntentBits.GuildMessageReactions) || !this.world.canSee(bot, event.message.channelId)) break;
          const member = dm ? undefined : this.world.members.get(event.userId);
          this.dispatch(session, GatewayDispatchEvents.MessageReactionAdd, {
            user_id: event.userId,
            channel_id: event.message.channelId,
            message_id: event.message.id,
            ...(dm ? {} : { guild_id: this.world.guildId }),
            ...(member ? { member: memberPayload(this.world, member) } : {}),
            emoji: { id: null, name: event.emoji },
            burst: false,
            type: 0,
          });
          break;
        }
      }
    }
  }
}
