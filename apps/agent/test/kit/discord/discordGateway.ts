import type { ServerWebSocket } from 'bun';
import { GatewayCloseCodes, GatewayDispatchEvents, GatewayIntentBits, GatewayOpcodes } from 'discord.js';
import { channelPayload, guildCreatePayload, memberPayload, messagePayload, rolePayload, userPayload } from './discordPayloads.ts';
import type { DiscordWorld, WorldApp, WorldEvent } from './discordWorld.ts';

const PRIVILEGED = GatewayIntentBits.GuildMembers | GatewayIntentBits.GuildPresences | GatewayIntentBits.MessageContent;
/** How many dispatches a session keeps for a RESUME (Discord keeps a few minutes' worth). */
const REPLAY_LIMIT = 2000;

export interface SocketData {
  session: GatewaySession | null;
  /** When this connection last heartbeat (or said HELLO), for closing a bot that stopped. */
  lastHeartbeat: number;
  /** Its heartbeats are lost on the way (as if the bot's loop had stalled): neither counted nor ACKed. */
  deaf?: boolean;
  /** The close that a lost heartbeat set coming. */
  closing?: ReturnType<typeof setTimeout>;
  watchdog: ReturnType<typeof setInterval> | null;
}

export interface GatewaySession {
  id: string;
  app: WorldApp;
  intents: number;
  seq: number;
  sent: Array<{ s: number; t: string; d: unknown }>;
  socket: ServerWebSocket<SocketData> | null;
  /** Gone: a RESUME of it is refused with INVALID_SESSION (d: false). */
  invalid: boolean;
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
  /** INVALID_SESSION sent, by the emulator's choice or for a RESUME of a session that is gone. */
  invalidSessions: number;
  /** Op 7 Reconnect sent. */
  reconnects: number;
  /** Op 1 heartbeat requests sent. */
  heartbeatRequests: number;
  /** Connections closed for not heartbeating in time (4009). */
  heartbeatTimeouts: number;
}

export interface GatewayOptions {
  heartbeatMs?: number;
  /** How long without a heartbeat before a connection is closed (Discord: the interval plus some leeway); default 1.5 intervals. */
  heartbeatTimeoutMs?: number;
}

/**
 * The gateway (JSON encoding, no compression): HELLO, IDENTIFY to READY and
 * GUILD_CREATE, heartbeats and their ACKs (which a test may delay), RESUME
 * with a replay of what the session missed, REQUEST_GUILD_MEMBERS, and the
 * dispatches the world's events make, each to the bots whose intents and
 * permissions let them see it. It fails as Discord does when a test says so:
 * INVALID_SESSION (resumable or not), op 7 Reconnect, op 1 heartbeat
 * requests, and closing (4009, session gone) a bot whose heartbeats stop.
 * What happens while a bot has no session is never sent to it.
 */
export class DiscordGateway {
  readonly sessions = new Map<string, GatewaySession>();
  readonly stats: GatewayStats = { identifies: 0, resumes: 0, heartbeats: 0, refusedIdentifies: [], invalidSessions: 0, reconnects: 0, heartbeatRequests: 0, heartbeatTimeouts: 0 };
  /** Each heartbeat's ACK waits this long (a slow or lossy link); past the interval, discord.js takes the connection for a zombie. */
  ackDelayMs = 0;
  private readonly heartbeatMs: number;
  private readonly heartbeatTimeoutMs: number;
  private readonly lostListeners: Array<(botId: string) => void> = [];

  constructor(
    private readonly world: DiscordWorld,
    private readonly url: () => string,
    options: GatewayOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 41_250;
    this.heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? Math.round(this.heartbeatMs * 1.5);
    world.subscribe((event) => this.fanOut(event));
  }

  open(ws: ServerWebSocket<SocketData>): void {
    ws.data.lastHeartbeat = Date.now();
    ws.data.watchdog = setInterval(() => this.watch(ws), Math.max(50, Math.round(this.heartbeatMs / 4)));
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
        return this.heartbeat(ws);
      case GatewayOpcodes.Identify:
        return this.identify(ws, payload.d as { token: string; intents: number });
      case GatewayOpcodes.Resume:
        return this.resume(ws, payload.d as { token: string; session_id: string; seq: number });
      case GatewayOpcodes.RequestGuildMembers:
        return this.requestMembers(ws, payload.d as { guild_id: string; nonce?: string; user_ids?: string[] | string; query?: string });
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.VoiceStateUpdate:
        return;
      default:
        ws.close(GatewayCloseCodes.UnknownOpcode, 'Unknown opcode.');
    }
  }

  close(ws: ServerWebSocket<SocketData>): void {
    if (ws.data.closing) clearTimeout(ws.data.closing);
    if (ws.data.watchdog) clearInterval(ws.data.watchdog);
    ws.data.watchdog = null;
    if (ws.data.session?.socket === ws) ws.data.session.socket = null;
  }

  /** Drops a bot's connection the way a network blip does (close 4000): discord.js resumes its session. */
  drop(botId: string): boolean {
    const session = this.live(botId);
    if (!session) return false;
    session.socket!.close(GatewayCloseCodes.UnknownError, 'The emulator dropped this connection');
    session.socket = null;
    return true;
  }

  /**
   * Sends INVALID_SESSION to a connected bot. Resumable (d: true), the bot
   * may RESUME and gets what it missed; not (d: false), the session is gone,
   * the bot must IDENTIFY again, and what happens until its new READY never
   * reaches it.
   */
  invalidateSession(botId: string, resumable: boolean): boolean {
    const session = this.live(botId);
    if (!session) return false;
    const ws = session.socket!;
    this.stats.invalidSessions += 1;
    session.socket = null;
    ws.data.session = null;
    this.send(ws, { op: GatewayOpcodes.InvalidSession, d: resumable });
    if (!resumable) {
      session.invalid = true;
      for (const listener of this.lostListeners) listener(botId);
    }
    return true;
  }

  /** Op 7: Discord asks the bot to reconnect and resume (what it misses meanwhile is replayed). */
  askReconnect(botId: string): boolean {
    const session = this.live(botId);
    if (!session) return false;
    this.stats.reconnects += 1;
    this.send(session.socket!, { op: GatewayOpcodes.Reconnect });
    return true;
  }

  /** Op 1: Discord asks for a heartbeat now. */
  askHeartbeat(botId: string): boolean {
    const session = this.live(botId);
    if (!session) return false;
    this.stats.heartbeatRequests += 1;
    this.send(session.socket!, { op: GatewayOpcodes.Heartbeat, d: session.seq });
    return true;
  }

  /** From now on the heartbeats of a bot's current connection are lost on the way: it is closed (4009) half an interval after the first lost one; its next connection heartbeats normally. */
  loseHeartbeats(botId: string): boolean {
    const session = this.live(botId);
    if (!session) return false;
    session.socket!.data.deaf = true;
    return true;
  }

  /** Called, in the same tick, when a bot's session is lost for good (INVALID_SESSION d: false, or closed for missed heartbeats): what a test does then happens in the gap. */
  onSessionLost(listener: (botId: string) => void): void {
    this.lostListeners.push(listener);
  }

  connected(botId: string): boolean {
    return !!this.live(botId);
  }

  private live(botId: string): GatewaySession | undefined {
    return [...this.sessions.values()].find((s) => s.app.botId === botId && s.socket !== null);
  }

  private heartbeat(ws: ServerWebSocket<SocketData>): void {
    if (ws.data.deaf) {
      // Lost, so never ACKed: Discord's timeout must run out before discord.js's next heartbeat finds the link dead (a bot whose loop stalled never gets to look).
      if (!ws.data.closing) ws.data.closing = setTimeout(() => this.timeOut(ws), Math.round(this.heartbeatMs / 2));
      return;
    }
    this.stats.heartbeats += 1;
    ws.data.lastHeartbeat = Date.now();
    if (this.ackDelayMs <= 0) return this.send(ws, { op: GatewayOpcodes.HeartbeatAck });
    setTimeout(() => {
      if (ws.readyState === 1) this.send(ws, { op: GatewayOpcodes.HeartbeatAck });
    }, this.ackDelayMs);
  }

  /** Closes a connection that has not heartbeat within the timeout. */
  private watch(ws: ServerWebSocket<SocketData>): void {
    if (Date.now() - ws.data.lastHeartbeat > this.heartbeatTimeoutMs) this.timeOut(ws);
  }

  /** Closes a connection for its missing heartbeats (4009); its session cannot be resumed. */
  private timeOut(ws: ServerWebSocket<SocketData>): void {
    if (ws.readyState !== 1) return;
    this.stats.heartbeatTimeouts += 1;
    const session = ws.data.session;
    if (session) {
      session.invalid = true;
      session.socket = null;
    }
    if (ws.data.watchdog) clearInterval(ws.data.watchdog);
    ws.data.watchdog = null;
    ws.close(GatewayCloseCodes.SessionTimedOut, 'Session timed out.');
    if (session) for (const listener of this.lostListeners) listener(session.app.botId);
  }

  private identify(ws: ServerWebSocket<SocketData>, d: { token: string; intents: number }): void {
    if (ws.data.session) return void ws.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
    const app = this.world.appOfToken(String(d?.token ?? '').replace(/^Bot /, ''));
    if (!app) return this.refuse(ws, GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
    const intents = Number(d.intents ?? 0);
    if ((intents & PRIVILEGED & ~app.privilegedIntents) !== 0) return this.refuse(ws, GatewayCloseCodes.DisallowedIntents, 'Disallowed intent(s).');
    // Past its session starts Discord ends the application's sessions and resets its token.
    if (!this.world.countIdentify(app.id)) {
      this.world.revokeToken(app.id);
      return this.refuse(ws, GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
    }
    this.stats.identifies += 1;
    // A new session replaces the bot's old ones: they can no longer be resumed.
    for (const old of this.sessions.values()) if (old.app.botId === app.botId) this.sessions.delete(old.id);
    const session: GatewaySession = { id: crypto.randomUUID().replaceAll('-', ''), app, intents, seq: 0, sent: [], socket: ws, invalid: false };
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
    if (inGuild) this.dispatch(session, GatewayDispatchEvents.GuildCreate, guildCreatePayload(this.world, app.botId, (intents & GatewayIntentBits.GuildMembers) !== 0));
  }

  private refuse(ws: ServerWebSocket<SocketData>, code: number, reason: string): void {
    this.stats.refusedIdentifies.push({ code, reason });
    ws.close(code, reason);
  }

  private resume(ws: ServerWebSocket<SocketData>, d: { token: string; session_id: string; seq: number }): void {
    const session = this.sessions.get(d?.session_id);
    if (!session || session.invalid || session.app.token !== String(d.token).replace(/^Bot /, '') || (session.socket && session.socket !== ws)) {
      this.stats.invalidSessions += 1;
      this.send(ws, { op: GatewayOpcodes.InvalidSession, d: false });
      return;
    }
    this.stats.resumes += 1;
    session.socket = ws;
    ws.data.session = session;
    for (const p of session.sent.filter((p) => p.s > d.seq)) this.send(ws, { op: GatewayOpcodes.Dispatch, ...p });
    this.dispatch(session, GatewayDispatchEvents.Resumed, {});
  }

  /** Asking for the whole member list (no ids, no query) wants the Server Members intent; Discord answers nothing without it. */
  private requestMembers(ws: ServerWebSocket<SocketData>, d: { guild_id: string; nonce?: string; user_ids?: string[] | string; query?: string }): void {
    const session = ws.data.session;
    if (!session) return void ws.close(GatewayCloseCodes.NotAuthenticated, 'Not authenticated.');
    const wanted = d.user_ids === undefined ? null : new Set([d.user_ids].flat());
    const query = (d.query ?? '').toLowerCase();
    if (!wanted && !query && (session.intents & GatewayIntentBits.GuildMembers) === 0) return;
    const named = (userId: string) => {
      const user = this.world.user(userId);
      return user.username.startsWith(query) || (user.globalName ?? '').toLowerCase().startsWith(query);
    };
    const members = [...this.world.members.values()].filter((m) => (wanted ? wanted.has(m.userId) : named(m.userId)));
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

  /** A revoked token's sessions end: each connection is closed with 4004, and none can be resumed. */
  private revoked(botId: string): void {
    for (const [id, session] of this.sessions) {
      if (session.app.botId !== botId) continue;
      session.invalid = true;
      this.sessions.delete(id);
      const ws = session.socket;
      session.socket = null;
      if (ws && ws.readyState === 1) {
        ws.data.session = null;
        ws.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
      }
    }
  }

  private fanOut(event: WorldEvent): void {
    if (event.kind === 'tokenRevoked') return this.revoked(event.botId);
    for (const session of this.sessions.values()) {
      if (session.invalid) continue;
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
            this.dispatch(session, GatewayDispatchEvents.ThreadCreate, { ...channelPayload(this.world, event.channel, bot), newly_created: true });
          }
          break;
        case 'channelCreate':
          if (has(GatewayIntentBits.Guilds) && inGuild && this.world.canSee(bot, event.channel.id)) this.dispatch(session, GatewayDispatchEvents.ChannelCreate, channelPayload(this.world, event.channel, bot));
          break;
        case 'channelUpdate': {
          if (!has(GatewayIntentBits.Guilds) || !inGuild) break;
          const isThread = event.channel.thread !== null;
          // A channel's overwrites may hide it from a bot: it is still told, as Discord tells it the channel changed.
          if (isThread && !this.world.canSee(bot, event.channel.id)) break;
          this.dispatch(session, isThread ? GatewayDispatchEvents.ThreadUpdate : GatewayDispatchEvents.ChannelUpdate, channelPayload(this.world, event.channel, bot));
          break;
        }
        case 'role':
          if (!has(GatewayIntentBits.Guilds) || !inGuild) break;
          this.dispatch(session, event.created ? GatewayDispatchEvents.GuildRoleCreate : GatewayDispatchEvents.GuildRoleUpdate, { guild_id: this.world.guildId, role: rolePayload(event.role) });
          break;
        case 'member': {
          const member = this.world.members.get(event.userId);
          if (!member) break;
          if (event.userId === bot && event.added) {
            this.dispatch(session, GatewayDispatchEvents.GuildCreate, guildCreatePayload(this.world, bot, has(GatewayIntentBits.GuildMembers)));
            break;
          }
          // A bot hears of its own member changing (its roles) whatever its intents; of others' only with Server Members.
          if (!inGuild || (event.userId !== bot && !has(GatewayIntentBits.GuildMembers))) break;
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
        case 'channelDelete': {
          const { channel } = event;
          if (!has(GatewayIntentBits.Guilds) || !inGuild || !this.world.canSee(bot, channel.id)) break;
          if (channel.thread) this.dispatch(session, GatewayDispatchEvents.ThreadDelete, { id: channel.id, guild_id: channel.guildId, parent_id: channel.parentId, type: channel.type });
          else this.dispatch(session, GatewayDispatchEvents.ChannelDelete, channelPayload(this.world, channel, bot));
          break;
        }
        case 'messageDelete': {
          const { message } = event;
          const dm = message.guildId === null;
          if (dm ? !has(GatewayIntentBits.DirectMessages) : !has(GatewayIntentBits.GuildMessages) || !inGuild) break;
          if (!this.world.canSee(bot, message.channelId)) break;
          this.dispatch(session, GatewayDispatchEvents.MessageDelete, { id: message.id, channel_id: message.channelId, ...(dm ? {} : { guild_id: message.guildId }) });
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
