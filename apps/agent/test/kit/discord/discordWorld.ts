import { ChannelType, MessageType, PermissionFlagsBits } from 'discord.js';

/** Discord's epoch (2015-01-01): snowflakes carry milliseconds since then, which discord.js reads back as creation times. */
const DISCORD_EPOCH = 1_420_070_400_000n;

export interface WorldUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
}

/** A bot's application as its owner set it up in the developer portal. */
export interface WorldApp {
  id: string;
  botId: string;
  token: string;
  /** Privileged intents switched on in the portal (a bitfield of GatewayIntentBits). */
  privilegedIntents: number;
}

export interface WorldRole {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  /** A bot's own role, made when it is invited with a permissions integer. */
  managed: boolean;
}

export interface WorldMember {
  userId: string;
  roles: string[];
  joinedAt: string;
}

export interface WorldChannel {
  id: string;
  type: ChannelType;
  name: string | null;
  guildId: string | null;
  /** A thread's parent text channel. */
  parentId: string | null;
  ownerId: string | null;
  /** A DM's two users. */
  recipients: string[];
  lastMessageId: string | null;
}

export interface WorldMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  authorId: string;
  content: string;
  timestamp: string;
  type: MessageType;
  referenceId: string | null;
  mentions: string[];
  mentionRoles: string[];
  reactions: Map<string, Set<string>>;
}

/** What happened in the world, for the gateway to fan out to the bots that may see it. */
export type WorldEvent =
  | { kind: 'message'; message: WorldMessage }
  | { kind: 'thread'; channel: WorldChannel }
  | { kind: 'member'; userId: string; added: boolean }
  | { kind: 'typing'; channelId: string; userId: string }
  | { kind: 'reaction'; message: WorldMessage; userId: string; emoji: string };

export class WorldError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const ALL_PERMISSIONS = (1n << 53n) - 1n;

/**
 * The state of a loopback Discord: one guild with its roles, members, text
 * channels and threads, DMs, messages, people and bots (each bot with its
 * application and token). REST routes and the gateway read and change it;
 * tests act as the people in it.
 */
export class DiscordWorld {
  readonly users = new Map<string, WorldUser>();
  readonly apps = new Map<string, WorldApp>();
  readonly roles = new Map<string, WorldRole>();
  readonly members = new Map<string, WorldMember>();
  readonly channels = new Map<string, WorldChannel>();
  readonly messages = new Map<string, WorldMessage[]>();
  readonly guildId: string;
  readonly guildName: string;
  readonly ownerId: string;
  private sequence = 0n;
  private readonly listeners: Array<(event: WorldEvent) => void> = [];

  constructor(options: { guildName?: string; owner?: string; everyone?: bigint } = {}) {
    this.guildId = this.snowflake();
    this.guildName = options.guildName ?? 'House Test Server';
    // @everyone's role id is the guild's id, as on Discord.
    this.roles.set(this.guildId, {
      id: this.guildId,
      name: '@everyone',
      permissions:
        options.everyone ??
        PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.ReadMessageHistory | PermissionFlagsBits.SendMessagesInThreads | PermissionFlagsBits.AddReactions,
      position: 0,
      managed: false,
    });
    this.ownerId = this.addPerson(options.owner ?? 'Owner').id;
  }

  snowflake(): string {
    this.sequence += 1n;
    return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | (this.sequence & 0xfffn)).toString();
  }

  subscribe(listener: (event: WorldEvent) => void): void {
    this.listeners.push(listener);
  }

  private emit(event: WorldEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  // ---- people, bots, roles, channels ----

  /** A person who is a member of the guild. */
  addPerson(name: string): WorldUser {
    const user: WorldUser = { id: this.snowflake(), username: name.toLowerCase(), globalName: name, bot: false };
    this.users.set(user.id, user);
    this.join(user.id, []);
    return user;
  }

  /** A bot user with its application and token; not in the guild until invited. */
  addBot(name: string, privilegedIntents: number): WorldApp {
    const user: WorldUser = { id: this.snowflake(), username: name, globalName: null, bot: true };
    this.users.set(user.id, user);
    const app: WorldApp = { id: this.snowflake(), botId: user.id, token: `${Buffer.from(user.id).toString('base64')}.emu.${crypto.randomUUID()}`, privilegedIntents };
    this.apps.set(app.id, app);
    return app;
  }

  /**
   * Adds a bot to the guild the way the OAuth2 invite URL does: `scope` must
   * hold `bot`; `permissions` becomes the bot's own managed role.
   */
  invite(url: string): WorldUser {
    const params = new URL(url).searchParams;
    const app = this.apps.get(params.get('client_id') ?? '');
    if (!app) throw new WorldError(400, 10002, 'Unknown Application');
    const scopes = (params.get('scope') ?? '').split(/[ +]/);
    if (!scopes.includes('bot')) throw new WorldError(400, 50035, 'the invite URL has no bot scope');
    const bot = this.users.get(app.botId)!;
    const role = this.addRole(bot.username, BigInt(params.get('permissions') ?? '0'), true);
    this.join(bot.id, [role.id]);
    return bot;
  }

  addRole(name: string, permissions: bigint, managed = false): WorldRole {
    const role: WorldRole = { id: this.snowflake(), name, permissions, position: this.roles.size, managed };
    this.roles.set(role.id, role);
    return role;
  }

  giveRole(userId: string, roleId: string): void {
    const member = this.members.get(userId);
    if (!member) throw new WorldError(404, 10007, 'Unknown Member');
    if (!member.roles.includes(roleId)) member.roles.push(roleId);
    this.emit({ kind: 'member', userId, added: false });
  }

  private join(userId: string, roles: string[]): void {
    this.members.set(userId, { userId, roles, joinedAt: new Date().toISOString() });
    this.emit({ kind: 'member', userId, added: true });
  }

  addTextChannel(name: string): WorldChannel {
    return this.addChannel({ type: ChannelType.GuildText, name, guildId: this.guildId, parentId: null, ownerId: null, recipients: [] });
  }

  private addChannel(fields: Omit<WorldChannel, 'id' | 'lastMessageId'>): WorldChannel {
    const channel: WorldChannel = { id: this.snowflake(), lastMessageId: null, ...fields };
    this.channels.set(channel.id, channel);
    this.messages.set(channel.id, []);
    return channel;
  }

  /** The DM channel of two users, made once. */
  dm(a: string, b: string): WorldChannel {
    for (const channel of this.channels.values()) {
      if (channel.type === ChannelType.DM && channel.recipients.includes(a) && channel.recipients.includes(b)) return channel;
    }
    if (!this.users.has(b)) throw new WorldError(404, 10013, 'Unknown User');
    return this.addChannel({ type: ChannelType.DM, name: null, guildId: null, parentId: null, ownerId: null, recipients: [a, b] });
  }

  /** A public thread under a text channel (optionally started from one of its messages). */
  createThread(parentId: string, name: string, ownerId: string, fromMessage?: string): WorldChannel {
    const parent = this.channel(parentId);
    if (parent.type !== ChannelType.GuildText) throw new WorldError(400, 50024, 'Cannot execute action on this channel type');
    this.need(ownerId, parentId, PermissionFlagsBits.CreatePublicThreads);
    if (fromMessage && !this.messages.get(parentId)!.some((m) => m.id === fromMessage)) throw new WorldError(404, 10008, 'Unknown Message');
    const thread = this.addChannel({ type: ChannelType.PublicThread, name, guildId: this.guildId, parentId, ownerId, recipients: [] });
    this.emit({ kind: 'thread', channel: thread });
    return thread;
  }

  // ---- reading ----

  channel(id: string): WorldChannel {
    const channel = this.channels.get(id);
    if (!channel) throw new WorldError(404, 10003, 'Unknown Channel');
    return channel;
  }

  user(id: string): WorldUser {
    const user = this.users.get(id);
    if (!user) throw new WorldError(404, 10013, 'Unknown User');
    return user;
  }

  appOfToken(token: string): WorldApp | null {
    for (const app of this.apps.values()) if (app.token === token) return app;
    return null;
  }

  textChannels(): WorldChannel[] {
    return [...this.channels.values()].filter((c) => c.type === ChannelType.GuildText);
  }

  threadsOf(parentId: string): WorldChannel[] {
    return [...this.channels.values()].filter((c) => c.parentId === parentId);
  }

  history(channelId: string): WorldMessage[] {
    return [...(this.messages.get(channelId) ?? [])];
  }

  /** A user's permissions in a channel: @everyone and their roles (threads take their parent's); DMs allow talking. */
  permissionsIn(userId: string, channelId: string): bigint {
    const channel = this.channel(channelId);
    if (channel.type === ChannelType.DM) {
      return channel.recipients.includes(userId) ? PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.ReadMessageHistory : 0n;
    }
    const member = this.members.get(userId);
    if (!member) return 0n;
    if (userId === this.ownerId) return ALL_PERMISSIONS;
    let bits = this.roles.get(this.guildId)!.permissions;
    for (const roleId of member.roles) bits |= this.roles.get(roleId)?.permissions ?? 0n;
    return (bits & PermissionFlagsBits.Administrator) !== 0n ? ALL_PERMISSIONS : bits;
  }

  canSee(userId: string, channelId: string): boolean {
    return (this.permissionsIn(userId, channelId) & PermissionFlagsBits.ViewChannel) !== 0n;
  }

  private need(userId: string, channelId: string, permission: bigint): void {
    if ((this.permissionsIn(userId, channelId) & permission) !== permission) throw new WorldError(403, 50013, 'Missing Permissions');
  }

  // ---- acting ----

  /**
   * Posts a message as anyone (a bot through REST, a person through a test).
   * Discord's limits hold: at most 2,000 characters, and the permission to
   * send in that kind of channel.
   */
  post(authorId: string, channelId: string, content: string, replyTo: string | null = null): WorldMessage {
    const channel = this.channel(channelId);
    if (content.length === 0) throw new WorldError(400, 50006, 'Cannot send an empty message');
    if (content.length > 2000) throw new WorldError(400, 50035, 'Invalid Form Body: content: Must be 2000 or fewer in length.');
    const isThread = channel.type === ChannelType.PublicThread || channel.type === ChannelType.PrivateThread;
    this.need(authorId, channelId, PermissionFlagsBits.ViewChannel | (isThread ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages));
    const list = this.messages.get(channelId)!;
    if (replyTo && !list.some((m) => m.id === replyTo)) throw new WorldError(400, 50035, 'Invalid Form Body: message_reference: Unknown message');
    const message: WorldMessage = {
      id: this.snowflake(),
      channelId,
      guildId: channel.guildId,
      authorId,
      content,
      timestamp: new Date().toISOString(),
      type: replyTo ? MessageType.Reply : MessageType.Default,
      referenceId: replyTo,
      mentions: [...new Set([...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!))].filter((id) => this.users.has(id)),
      mentionRoles: [...new Set([...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1]!))].filter((id) => this.roles.has(id)),
      reactions: new Map(),
    };
    list.push(message);
    channel.lastMessageId = message.id;
    this.emit({ kind: 'message', message });
    return message;
  }

  typing(userId: string, channelId: string): void {
    this.need(userId, channelId, PermissionFlagsBits.ViewChannel);
    this.emit({ kind: 'typing', channelId, userId });
  }

  react(userId: string, channelId: string, messageId: string, emoji: string): void {
    this.need(userId, channelId, PermissionFlagsBits.ViewChannel | PermissionFlagsBits.ReadMessageHistory);
    const message = this.message(channelId, messageId);
    const users = message.reactions.get(emoji) ?? new Set<string>();
    users.add(userId);
    message.reactions.set(emoji, users);
    this.emit({ kind: 'reaction', message, userId, emoji });
  }

  message(channelId: string, messageId: string): WorldMessage {
    const message = this.messages.get(channelId)?.find((m) => m.id === messageId);
    if (!message) throw new WorldError(404, 10008, 'Unknown Message');
    return message;
  }
}
