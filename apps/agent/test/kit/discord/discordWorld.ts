import { ChannelType, MessageType, PermissionFlagsBits } from 'discord.js';
import { ALL_PERMISSIONS, channelPermissions, type WorldOverwrite } from './discordPermissions.ts';

export type { WorldOverwrite } from './discordPermissions.ts';

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

/** What a thread holds beyond a channel: its archive state and who joined it. */
export interface WorldThread {
  archived: boolean;
  locked: boolean;
  /** Minutes of quiet after which Discord archives it (60, 1440, 4320 or 10080). */
  autoArchiveMinutes: number;
  /** When it was last archived or unarchived (or made), on the world's clock. */
  archiveTimestamp: number;
  /** Its last activity (a message, an unarchive, a new archive duration), on the world's clock. */
  lastActivity: number;
  members: Set<string>;
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
  /** A text channel's permission overwrites (threads take their parent's). */
  overwrites: WorldOverwrite[];
  thread: WorldThread | null;
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
  /** The users the message pinged: what its `allowed_mentions` let through of those its content names (Discord's `mentions`). */
  mentions: string[];
  mentionRoles: string[];
  mentionEveryone: boolean;
  reactions: Map<string, Set<string>>;
  /** Files posted with it (multipart), kept whole so a test can read them back. */
  attachments: WorldAttachment[];
}

/** A file a message carries, as Discord keeps it: its bytes, name, type and alt text. */
export interface WorldAttachment {
  id: string;
  filename: string;
  /** Its alternative text (`description`), when the poster gave one. */
  description: string | null;
  contentType: string | null;
  size: number;
  data: Uint8Array;
}

/** A file in a post, before Discord takes it. */
export interface PostFile {
  filename: string;
  data: Uint8Array;
  contentType?: string | null;
  description?: string | null;
}

/**
 * A server's AutoMod rule: `keyword` blocks content with one of its words
 * (`*` at either end matches inside words, as Discord's keyword filter does;
 * code 200000), `links` stands for the harmful-links filter and blocks a post
 * with a link to one of its `hosts` (any link when it names none; code
 * 240000). Members with Manage Server or Administrator,
 * and the rule's exempt roles, pass.
 */
export interface AutoModRule {
  id: string;
  name: string;
  kind: 'keyword' | 'links';
  keywords: string[];
  hosts: string[];
  exemptRoles: string[];
}

/** A message's `allowed_mentions` as the API takes it. */
export interface AllowedMentions {
  parse?: string[];
  users?: string[];
  roles?: string[];
  replied_user?: boolean;
}

export interface PostOptions {
  replyTo?: string | null;
  /** Absent: Discord pings everyone the content names (users, roles, and @everyone where the author may). */
  allowedMentions?: AllowedMentions;
  /** Files (a multipart post): they want Attach Files in a server channel, and fit the upload limit together. */
  files?: PostFile[];
}

/** What happened in the world, for the gateway to fan out to the bots that may see it. */
export type WorldEvent =
  | { kind: 'message'; message: WorldMessage }
  | { kind: 'thread'; channel: WorldChannel }
  | { kind: 'channelCreate'; channel: WorldChannel }
  | { kind: 'channelUpdate'; channel: WorldChannel }
  | { kind: 'role'; role: WorldRole; created: boolean }
  | { kind: 'member'; userId: string; added: boolean }
  | { kind: 'typing'; channelId: string; userId: string }
  | { kind: 'reaction'; message: WorldMessage; userId: string; emoji: string }
  | { kind: 'channelDelete'; channel: WorldChannel }
  | { kind: 'messageDelete'; message: WorldMessage }
  | { kind: 'tokenRevoked'; botId: string };

export class WorldError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** Discord's `errors` tree of a 50035 (Invalid Form Body): field, then `_errors` with a code and a message each. */
    readonly errors?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A 50035 for one field, with the `errors` tree Discord sends (discord.js prints it as `field[CODE]: message`). */
export function invalidForm(field: string, code: string, message: string): WorldError {
  const errors = field.split('.').reduceRight<Record<string, unknown>>((inner, key) => Object.fromEntries([[key, inner]]), { _errors: [{ code, message }] });
  return new WorldError(400, 50035, 'Invalid Form Body', errors);
}

const THREAD_TYPES = new Set([ChannelType.PublicThread, ChannelType.PrivateThread, ChannelType.AnnouncementThread]);
const ARCHIVE_DURATIONS = new Set([60, 1440, 4320, 10080]);

/**
 * The state of a loopback Discord: one guild with its roles, members, text
 * channels (with permission overwrites) and threads (which archive after
 * their quiet time on the world's clock), DMs (which a person may close to
 * bots), messages with their files, people and bots (each bot with its
 * application, token and session starts), and the server's AutoMod rules.
 * REST routes and the gateway read and change it; tests act as the people
 * and moderators in it (deleting, locking, revoking a token) and switch its
 * failures on.
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
  /** People who refuse DMs from the server's members (their privacy setting, or a blocked bot): a bot's DM to them is refused with 50007. */
  readonly closedDms = new Set<string>();
  /** The server's AutoMod rules, checked on every guild post. */
  readonly autoMod: AutoModRule[] = [];
  /** Bytes a post's files may total (Discord: 25 MiB for a bot in an unboosted server when this was written); past it, 413 / 40005. */
  uploadLimitBytes: number;
  /** What Discord answers a post in a thread locked while active by a member without Manage Threads (160005 Thread is locked; some paths answer 50013). */
  lockedThreadCode: 160005 | 50013 = 160005;
  /** IDENTIFYs an application may make in `resetAfterMs` (Discord: 1,000 a day); past them Discord resets its token. */
  readonly sessionStarts: { total: number; resetAfterMs: number };
  /** Each application's IDENTIFY times (real clock), for `session_start_limit`. */
  private readonly identifies = new Map<string, number[]>();
  private sequence = 0n;
  /** How far a test moved the world's clock on (thread archiving reads it; snowflakes keep real time). */
  private skewMs = 0;
  private readonly listeners: Array<(event: WorldEvent) => void> = [];

  constructor(options: { guildName?: string; owner?: string; everyone?: bigint; uploadLimitBytes?: number; sessionStarts?: { total: number; resetAfterMs: number } } = {}) {
    this.uploadLimitBytes = options.uploadLimitBytes ?? 25 * 1024 * 1024;
    this.sessionStarts = options.sessionStarts ?? { total: 1000, resetAfterMs: 86_400_000 };
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

  /** The world's clock: real time plus what `passTime` added. */
  now(): number {
    return Date.now() + this.skewMs;
  }

  subscribe(listener: (event: WorldEvent) => void): void {
    this.listeners.push(listener);
  }

  private emit(event: WorldEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  // ---- people, bots, roles, channels ----

  /** A person who is a member of the guild. */
  addPerson(name: string, options: { member?: boolean } = {}): WorldUser {
    const user: WorldUser = { id: this.snowflake(), username: name.toLowerCase(), globalName: name, bot: false };
    this.users.set(user.id, user);
    if (options.member !== false) this.join(user.id, []);
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
    if (!scopes.includes('bot')) throw invalidForm('scope', 'OAUTH2_SCOPE_BOT_REQUIRED', 'the invite URL has no bot scope');
    const bot = this.users.get(app.botId)!;
    const role = this.addRole(bot.username, BigInt(params.get('permissions') ?? '0'), true);
    this.join(bot.id, [role.id]);
    return bot;
  }

  /** A new role; bots already connected are told (GUILD_ROLE_CREATE). */
  addRole(name: string, permissions: bigint, managed = false): WorldRole {
    const role: WorldRole = { id: this.snowflake(), name, permissions, position: this.roles.size, managed };
    this.roles.set(role.id, role);
    this.emit({ kind: 'role', role, created: true });
    return role;
  }

  /** Changes what a role may do (a server admin editing it); connected bots get GUILD_ROLE_UPDATE. */
  setRolePermissions(roleId: string, permissions: bigint): void {
    const role = this.roles.get(roleId);
    if (!role) throw new WorldError(404, 10011, 'Unknown Role');
    role.permissions = permissions;
    this.emit({ kind: 'role', role, created: false });
  }

  giveRole(userId: string, roleId: string): void {
    const member = this.members.get(userId);
    if (!member) throw new WorldError(404, 10007, 'Unknown Member');
    if (!member.roles.includes(roleId)) member.roles.push(roleId);
    this.emit({ kind: 'member', userId, added: false });
  }

  takeRole(userId: string, roleId: string): void {
    const member = this.members.get(userId);
    if (!member) throw new WorldError(404, 10007, 'Unknown Member');
    member.roles = member.roles.filter((r) => r !== roleId);
    this.emit({ kind: 'member', userId, added: false });
  }

  private join(userId: string, roles: string[]): void {
    this.members.set(userId, { userId, roles, joinedAt: new Date().toISOString() });
    this.emit({ kind: 'member', userId, added: true });
  }

  /** A text channel in the guild; bots already connected get CHANNEL_CREATE. */
  addTextChannel(name: string): WorldChannel {
    const channel = this.addChannel({ type: ChannelType.GuildText, name, guildId: this.guildId, parentId: null, ownerId: null, recipients: [], overwrites: [], thread: null });
    this.emit({ kind: 'channelCreate', channel });
    return channel;
  }

  private addChannel(fields: Omit<WorldChannel, 'id' | 'lastMessageId'>): WorldChannel {
    const channel: WorldChannel = { id: this.snowflake(), lastMessageId: null, ...fields };
    this.channels.set(channel.id, channel);
    this.messages.set(channel.id, []);
    return channel;
  }

  /**
   * Sets (or with both 0n, removes) a text channel's overwrite for a role or
   * a member, as a server admin does in the channel's settings; connected
   * bots get CHANNEL_UPDATE.
   */
  overwrite(channelId: string, target: { role: string } | { member: string }, allow: bigint, deny: bigint): void {
    const channel = this.channel(channelId);
    if (channel.type !== ChannelType.GuildText) throw new WorldError(400, 50024, 'Cannot execute action on this channel type');
    const [id, type] = 'role' in target ? [target.role, 0 as const] : [target.member, 1 as const];
    channel.overwrites = channel.overwrites.filter((o) => !(o.id === id && o.type === type));
    if (allow !== 0n || deny !== 0n) channel.overwrites.push({ id, type, allow, deny });
    this.emit({ kind: 'channelUpdate', channel });
  }

  /** A person closes (or opens again) their DMs to the server's bots. */
  closeDms(userId: string, closed = true): void {
    this.user(userId);
    if (closed) this.closedDms.add(userId);
    else this.closedDms.delete(userId);
  }

  /** The DM channel of two users, made once (either may open it). */
  dm(a: string, b: string): WorldChannel {
    for (const channel of this.channels.values()) {
      if (channel.type === ChannelType.DM && channel.recipients.includes(a) && channel.recipients.includes(b)) return channel;
    }
    if (!this.users.has(b)) throw new WorldError(404, 10013, 'Unknown User');
    return this.addChannel({ type: ChannelType.DM, name: null, guildId: null, parentId: null, ownerId: null, recipients: [a, b], overwrites: [], thread: null });
  }

  /** A public thread under a text channel (optionally started from one of its messages). */
  createThread(parentId: string, name: string, ownerId: string, options: { fromMessage?: string; autoArchiveMinutes?: number } = {}): WorldChannel {
    const parent = this.channel(parentId);
    if (parent.type !== ChannelType.GuildText) throw new WorldError(400, 50024, 'Cannot execute action on this channel type');
    this.need(ownerId, parentId, PermissionFlagsBits.CreatePublicThreads);
    if (options.fromMessage && !this.messages.get(parentId)!.some((m) => m.id === options.fromMessage)) throw new WorldError(404, 10008, 'Unknown Message');
    // The channel's default, which Discord sets to a day.
    const minutes = options.autoArchiveMinutes ?? 1440;
    if (!ARCHIVE_DURATIONS.has(minutes)) throw invalidForm('auto_archive_duration', 'BASE_TYPE_CHOICES', 'Value must be one of {60, 1440, 4320, 10080}.');
    const now = this.now();
    const thread = this.addChannel({
      type: ChannelType.PublicThread,
      name,
      guildId: this.guildId,
      parentId,
      ownerId,
      recipients: [],
      overwrites: [],
      thread: { archived: false, locked: false, autoArchiveMinutes: minutes, archiveTimestamp: now, lastActivity: now, members: new Set([ownerId]) },
    });
    this.emit({ kind: 'thread', channel: thread });
    return thread;
  }

  /**
   * Moves the world's clock on by `ms`: every thread quiet for its
   * auto-archive duration is archived (THREAD_UPDATE), drops out of the
   * active list and GUILD_CREATE, and waits for a message or an unarchive.
   */
  passTime(ms: number): WorldChannel[] {
    this.skewMs += ms;
    const now = this.now();
    const archived: WorldChannel[] = [];
    for (const channel of this.channels.values()) {
      const t = channel.thread;
      if (!t || t.archived || now - t.lastActivity < t.autoArchiveMinutes * 60_000) continue;
      t.archived = true;
      t.archiveTimestamp = now;
      archived.push(channel);
      this.emit({ kind: 'channelUpdate', channel });
    }
    return archived;
  }

  /** A moderator locks a thread: only members with Manage Threads may post in it (or unarchive it) from now on. */
  lockThread(threadId: string): void {
    const t = this.threadOf(threadId);
    t.locked = true;
    this.emit({ kind: 'channelUpdate', channel: this.channel(threadId) });
  }

  /** PATCH /channels/:thread with `archived`: a member of the thread (or Manage Threads) may unarchive it, Manage Threads alone a locked one. */
  setArchived(userId: string, threadId: string, archived: boolean): WorldChannel {
    const channel = this.channel(threadId);
    const t = this.threadOf(threadId);
    this.need(userId, threadId, PermissionFlagsBits.ViewChannel);
    const manages = (this.permissionsIn(userId, threadId) & PermissionFlagsBits.ManageThreads) !== 0n;
    if (!manages && (t.locked || (!t.members.has(userId) && channel.ownerId !== userId))) throw new WorldError(403, 50013, 'Missing Permissions');
    if (t.archived !== archived) {
      t.archived = archived;
      t.archiveTimestamp = this.now();
      if (!archived) t.lastActivity = this.now();
      this.emit({ kind: 'channelUpdate', channel });
    }
    return channel;
  }

  /** PUT /channels/:thread/thread-members/@me: Discord refuses it in an archived thread. */
  joinThread(userId: string, threadId: string): void {
    const t = this.threadOf(threadId);
    this.need(userId, threadId, PermissionFlagsBits.ViewChannel);
    if (t.archived) throw new WorldError(400, 50083, 'Thread is archived');
    t.members.add(userId);
  }

  private threadOf(id: string): WorldThread {
    const t = this.channel(id).thread;
    if (!t) throw new WorldError(400, 50024, 'Cannot execute action on this channel type');
    return t;
  }

  /**
   * A moderator deletes a channel or a thread: a text channel takes its
   * threads with it. Everything in them is gone (10003 from now on); bots
   * that may see it get CHANNEL_DELETE or THREAD_DELETE, and nothing for the
   * threads of a deleted channel (discord.js keeps those cached, as it does
   * with Discord).
   */
  deleteChannel(channelId: string): void {
    const channel = this.channel(channelId);
    // Told before it goes: who could see it is read from the world as it was.
    this.emit({ kind: 'channelDelete', channel });
    for (const id of [...this.threadsOf(channelId).map((t) => t.id), channelId]) {
      this.channels.delete(id);
      this.messages.delete(id);
    }
  }

  /** Someone deletes a message (its author, or a moderator): 10008 from now on, MESSAGE_DELETE to the bots that saw it. */
  deleteMessage(channelId: string, messageId: string): void {
    const message = this.message(channelId, messageId);
    const list = this.messages.get(channelId)!;
    list.splice(list.indexOf(message), 1);
    this.emit({ kind: 'messageDelete', message });
  }

  /** An AutoMod rule, as a server admin adds it in Server Settings > AutoMod. */
  addAutoModRule(rule: { name: string; kind: 'keyword' | 'links'; keywords?: string[]; hosts?: string[]; exemptRoles?: string[] }): AutoModRule {
    const made: AutoModRule = { id: this.snowflake(), name: rule.name, kind: rule.kind, keywords: rule.keywords ?? [], hosts: rule.hosts ?? [], exemptRoles: rule.exemptRoles ?? [] };
    this.autoMod.push(made);
    return made;
  }

  removeAutoModRule(id: string): void {
    const at = this.autoMod.findIndex((r) => r.id === id);
    if (at >= 0) this.autoMod.splice(at, 1);
  }

  /**
   * The bot's token is reset in the developer portal (or leaked and revoked
   * by Discord): the old one answers 401 on REST, and every gateway session
   * of the bot is closed with 4004, not to be resumed. Returns the new token.
   */
  revokeToken(appId: string): string {
    const app = this.apps.get(appId);
    if (!app) throw new WorldError(404, 10002, 'Unknown Application');
    app.token = `${Buffer.from(app.botId).toString('base64')}.emu.${crypto.randomUUID()}`;
    this.emit({ kind: 'tokenRevoked', botId: app.botId });
    return app.token;
  }

  /** `session_start_limit` for an application now: its IDENTIFYs within the window, and when the oldest leaves it. */
  sessionStartLimit(appId: string): { total: number; remaining: number; reset_after: number; max_concurrency: number } {
    const now = Date.now();
    const times = (this.identifies.get(appId) ?? []).filter((t) => now - t < this.sessionStarts.resetAfterMs);
    this.identifies.set(appId, times);
    const resetAfter = times.length ? this.sessionStarts.resetAfterMs - (now - times[0]!) : this.sessionStarts.resetAfterMs;
    return { total: this.sessionStarts.total, remaining: Math.max(0, this.sessionStarts.total - times.length), reset_after: resetAfter, max_concurrency: 1 };
  }

  /** One IDENTIFY counted; false when the application had none left (Discord then resets its token). */
  countIdentify(appId: string): boolean {
    if (this.sessionStartLimit(appId).remaining <= 0) return false;
    this.identifies.get(appId)!.push(Date.now());
    return true;
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

  appOfBot(botId: string): WorldApp | null {
    for (const app of this.apps.values()) if (app.botId === botId) return app;
    return null;
  }

  textChannels(): WorldChannel[] {
    return [...this.channels.values()].filter((c) => c.type === ChannelType.GuildText);
  }

  threadsOf(parentId: string): WorldChannel[] {
    return [...this.channels.values()].filter((c) => c.parentId === parentId);
  }

  /** Threads that are not archived: the active list, and what GUILD_CREATE carries. */
  activeThreads(): WorldChannel[] {
    return [...this.channels.values()].filter((c) => c.thread && !c.thread.archived);
  }

  history(channelId: string): WorldMessage[] {
    return [...(this.messages.get(channelId) ?? [])];
  }

  /** A user's permissions in a channel: roles, then the channel's overwrites (threads take their parent's); DMs allow talking. */
  permissionsIn(userId: string, channelId: string): bigint {
    const channel = this.channel(channelId);
    if (channel.type === ChannelType.DM) {
      return channel.recipients.includes(userId) ? PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.ReadMessageHistory : 0n;
    }
    const member = this.members.get(userId);
    if (!member) return 0n;
    if (userId === this.ownerId) return ALL_PERMISSIONS;
    let base = this.roles.get(this.guildId)!.permissions;
    for (const roleId of member.roles) base |= this.roles.get(roleId)?.permissions ?? 0n;
    const holder = channel.parentId ? this.channel(channel.parentId) : channel;
    return channelPermissions({ everyoneId: this.guildId, base, memberId: userId, memberRoles: member.roles, overwrites: holder.overwrites });
  }

  canSee(userId: string, channelId: string): boolean {
    return (this.permissionsIn(userId, channelId) & PermissionFlagsBits.ViewChannel) !== 0n;
  }

  /** Discord's answer to a missing permission: 50001 Missing Access when the channel cannot be seen, else 50013 Missing Permissions. */
  private need(userId: string, channelId: string, permission: bigint): void {
    const bits = this.permissionsIn(userId, channelId);
    if ((bits & PermissionFlagsBits.ViewChannel) === 0n) throw new WorldError(403, 50001, 'Missing Access');
    if ((bits & permission) !== permission) throw new WorldError(403, 50013, 'Missing Permissions');
  }

  // ---- acting ----

  /**
   * Posts a message as anyone (a bot through REST, a person through a test).
   * Discord's limits hold: at most 2,000 characters, content that is more
   * than whitespace unless files come with it, the upload limit, the
   * permission to send in that kind of channel (Attach Files for files, Read
   * Message History to reply), DMs a person closed to bots, threads locked by
   * a moderator, archived threads (a message unarchives one unless it is
   * locked), the server's AutoMod rules, and pings only what
   * `allowed_mentions` lets through.
   */
  post(authorId: string, channelId: string, content: string, options: PostOptions = {}): WorldMessage {
    const channel = this.channel(channelId);
    const replyTo = options.replyTo ?? null;
    const files = options.files ?? [];
    if (files.reduce((sum, f) => sum + f.data.byteLength, 0) > this.uploadLimitBytes) throw new WorldError(413, 40005, 'Request entity too large');
    if (content.trim().length === 0 && !files.length) throw new WorldError(400, 50006, 'Cannot send an empty message');
    if (content.length > 2000) throw invalidForm('content', 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
    const allowed = options.allowedMentions;
    if (allowed?.parse?.includes('users') && allowed.users?.length) throw invalidForm('allowed_mentions', 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE', 'parse:["users"] and users: [ids...] are mutually exclusive.');
    if (allowed?.parse?.includes('roles') && allowed.roles?.length) throw invalidForm('allowed_mentions', 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE', 'parse:["roles"] and roles: [ids...] are mutually exclusive.');
    const isThread = THREAD_TYPES.has(channel.type);
    this.need(authorId, channelId, isThread ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages);
    if (files.length && channel.guildId) this.need(authorId, channelId, PermissionFlagsBits.AttachFiles);
    const manages = channel.guildId !== null && (this.permissionsIn(authorId, channelId) & PermissionFlagsBits.ManageThreads) !== 0n;
    if (channel.thread?.locked && !channel.thread.archived && !manages) {
      throw this.lockedThreadCode === 160005 ? new WorldError(403, 160005, 'Thread is locked') : new WorldError(403, 50013, 'Missing Permissions');
    }
    if (channel.type === ChannelType.DM && this.user(authorId).bot) {
      const other = channel.recipients.find((id) => id !== authorId)!;
      // A person who closed DMs from server members, or who shares no server with the bot.
      if (!this.user(other).bot && (this.closedDms.has(other) || !this.members.has(other))) throw new WorldError(403, 50007, 'Cannot send messages to this user');
    }
    const list = this.messages.get(channelId)!;
    let referenced: WorldMessage | null = null;
    if (replyTo) {
      if (channel.guildId && (this.permissionsIn(authorId, channelId) & PermissionFlagsBits.ReadMessageHistory) === 0n) throw new WorldError(403, 160002, 'Cannot reply without permission to read message history');
      referenced = list.find((m) => m.id === replyTo) ?? null;
      if (!referenced) throw invalidForm('message_reference', 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message');
    }
    if (channel.guildId) this.moderate(authorId, channelId, content);
    if (channel.thread?.archived) {
      if (channel.thread.locked && !manages) throw new WorldError(400, 50083, 'Thread is archived');
      channel.thread.archived = false;
      channel.thread.archiveTimestamp = this.now();
      this.emit({ kind: 'channelUpdate', channel });
    }
    const pings = this.pings(authorId, channel, content, allowed, referenced);
    const message: WorldMessage = {
      id: this.snowflake(),
      channelId,
      guildId: channel.guildId,
      authorId,
      content,
      timestamp: new Date().toISOString(),
      type: replyTo ? MessageType.Reply : MessageType.Default,
      referenceId: replyTo,
      ...pings,
      reactions: new Map(),
      attachments: files.map((f) => ({ id: this.snowflake(), filename: f.filename, description: f.description ?? null, contentType: f.contentType ?? null, size: f.data.byteLength, data: f.data })),
    };
    list.push(message);
    channel.lastMessageId = message.id;
    if (channel.thread) channel.thread.lastActivity = this.now();
    this.emit({ kind: 'message', message });
    return message;
  }

  /** The server's AutoMod rules on a post: the first that matches blocks it, unless the author is exempt. */
  private moderate(authorId: string, channelId: string, content: string): void {
    const bits = this.permissionsIn(authorId, channelId);
    if ((bits & (PermissionFlagsBits.ManageGuild | PermissionFlagsBits.Administrator)) !== 0n) return;
    const roles = this.members.get(authorId)?.roles ?? [];
    for (const rule of this.autoMod) {
      if (rule.exemptRoles.some((r) => roles.includes(r))) continue;
      if (rule.kind === 'links' && linksIn(content).some((host) => !rule.hosts.length || rule.hosts.includes(host))) throw new WorldError(400, 240000, 'Message blocked by harmful links filter');
      if (rule.kind === 'keyword' && rule.keywords.some((k) => keywordPattern(k).test(content))) throw new WorldError(400, 200000, 'Message was blocked by automatic moderation');
    }
  }

  /**
   * Who a message pings: of the users, roles and @everyone/@here its content
   * names, those `allowed_mentions` allows (all of them when it is absent,
   * @everyone only for an author who may mention everyone), plus the replied
   * message's author when `replied_user` is set (or allowed_mentions absent).
   */
  private pings(authorId: string, channel: WorldChannel, content: string, allowed: AllowedMentions | undefined, referenced: WorldMessage | null) {
    const named = [...new Set([...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!))].filter((id) => this.users.has(id));
    const namedRoles = [...new Set([...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1]!))].filter((id) => this.roles.has(id));
    const parse = new Set(allowed ? (allowed.parse ?? []) : ['users', 'roles', 'everyone']);
    const users = named.filter((id) => parse.has('users') || (allowed?.users ?? []).includes(id));
    const roles = namedRoles.filter((id) => parse.has('roles') || (allowed?.roles ?? []).includes(id));
    const mayEveryone = channel.guildId !== null && (this.permissionsIn(authorId, channel.id) & PermissionFlagsBits.MentionEveryone) !== 0n;
    const mentionEveryone = mayEveryone && parse.has('everyone') && /@(everyone|here)\b/.test(content);
    const repliedUser = allowed ? allowed.replied_user === true : true;
    if (referenced && repliedUser && referenced.authorId !== authorId && !users.includes(referenced.authorId)) users.push(referenced.authorId);
    return { mentions: users, mentionRoles: roles, mentionEveryone };
  }

  /** A typing indicator: Discord wants the permission to send there (Send Messages, or Send Messages in Threads in a thread). */
  typing(userId: string, channelId: string): void {
    const channel = this.channel(channelId);
    this.need(userId, channelId, THREAD_TYPES.has(channel.type) ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages);
    this.emit({ kind: 'typing', channelId, userId });
  }

  react(userId: string, channelId: string, messageId: string, emoji: string): void {
    this.need(userId, channelId, PermissionFlagsBits.ViewChannel | PermissionFlagsBits.ReadMessageHistory);
    if (this.channel(channelId).thread?.archived) throw new WorldError(400, 50083, 'Thread is archived');
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

/** An AutoMod keyword as Discord matches it: whole words, case aside; a `*` at either end lets the word run on that side. */
function keywordPattern(keyword: string): RegExp {
  const core = keyword.replace(/^\*|\*$/g, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${keyword.startsWith('*') ? '' : '(?<![\\p{L}\\p{N}])'}${core}${keyword.endsWith('*') ? '' : '(?![\\p{L}\\p{N}])'}`, 'iu');
}

/** The hosts of the links in a text, lower-case. */
function linksIn(text: string): string[] {
  return [...text.matchAll(/\bhttps?:\/\/([^\s/?#:]+)/gi)].map((m) => m[1]!.toLowerCase());
}
