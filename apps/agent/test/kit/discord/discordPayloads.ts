import { ChannelType } from 'discord.js';
import type { DiscordWorld, WorldChannel, WorldMember, WorldMessage, WorldRole, WorldUser } from './discordWorld.ts';

/** The JSON Discord's API gives for the world's objects, as discord.js reads them. */
export function userPayload(user: WorldUser) {
  return {
    id: user.id,
    username: user.username,
    global_name: user.globalName,
    discriminator: user.bot ? '0001' : '0',
    avatar: null,
    bot: user.bot,
    system: false,
    public_flags: 0,
    flags: 0,
  };
}

export function rolePayload(role: WorldRole) {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: role.managed,
    mentionable: false,
    flags: 0,
  };
}

export function memberPayload(world: DiscordWorld, member: WorldMember, withUser = true) {
  return {
    ...(withUser ? { user: userPayload(world.user(member.userId)) } : {}),
    nick: null,
    avatar: null,
    roles: [...member.roles],
    joined_at: member.joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

/**
 * A channel as `viewer` (a bot) gets it. A DM lists only the other user, as
 * Discord does (discord.js takes `recipients[0]` as whom the DM is with); a
 * thread carries its archive state and, when the viewer joined it, its
 * thread member; a text channel its permission overwrites.
 */
export function channelPayload(world: DiscordWorld, channel: WorldChannel, viewer: string | null = null) {
  if (channel.type === ChannelType.DM) {
    const others = channel.recipients.filter((id) => id !== viewer);
    return { id: channel.id, type: channel.type, last_message_id: channel.lastMessageId, flags: 0, recipients: (others.length ? others : channel.recipients).map((id) => userPayload(world.user(id))) };
  }
  const base = {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    flags: 0,
    nsfw: false,
  };
  const t = channel.thread;
  if (t) {
    const count = world.history(channel.id).length;
    return {
      ...base,
      parent_id: channel.parentId,
      owner_id: channel.ownerId,
      message_count: count,
      total_message_sent: count,
      member_count: Math.min(50, t.members.size),
      thread_metadata: {
        archived: t.archived,
        auto_archive_duration: t.autoArchiveMinutes,
        archive_timestamp: new Date(t.archiveTimestamp).toISOString(),
        locked: t.locked,
        create_timestamp: new Date(Number((BigInt(channel.id) >> 22n) + 1_420_070_400_000n)).toISOString(),
      },
      ...(viewer && t.members.has(viewer) ? { member: { id: channel.id, user_id: viewer, join_timestamp: new Date().toISOString(), flags: 0 } } : {}),
    };
  }
  return {
    ...base,
    position: [...world.channels.keys()].indexOf(channel.id),
    parent_id: null,
    topic: null,
    default_auto_archive_duration: 1440,
    permission_overwrites: channel.overwrites.map((o) => ({ id: o.id, type: o.type, allow: o.allow.toString(), deny: o.deny.toString() })),
  };
}

/**
 * A message as the API gives it; `content` is kept from a bot that lacks the
 * Message Content intent unless it wrote the message, is mentioned, or it is a DM (Discord's rule).
 */
export function messagePayload(world: DiscordWorld, message: WorldMessage, viewer: { id: string; messageContent: boolean } | null = null): Record<string, unknown> {
  const author = world.user(message.authorId);
  const member = message.guildId ? world.members.get(message.authorId) : undefined;
  const dm = message.guildId === null;
  const sees = !viewer || viewer.messageContent || dm || viewer.id === message.authorId || message.mentions.includes(viewer.id);
  // A reply whose message was deleted keeps its reference; Discord gives `referenced_message: null`.
  const referenced = message.referenceId ? (world.history(message.channelId).find((m) => m.id === message.referenceId) ?? null) : null;
  return {
    id: message.id,
    type: message.type,
    channel_id: message.channelId,
    ...(message.guildId ? { guild_id: message.guildId } : {}),
    author: userPayload(author),
    ...(member ? { member: memberPayload(world, member, false) } : {}),
    content: sees ? message.content : '',
    timestamp: message.timestamp,
    edited_timestamp: null,
    tts: false,
    mention_everyone: message.mentionEveryone,
    mentions: message.mentions.map((id) => {
      const m = message.guildId ? world.members.get(id) : undefined;
      return { ...userPayload(world.user(id)), ...(m ? { member: memberPayload(world, m, false) } : {}) };
    }),
    mention_roles: [...message.mentionRoles],
    attachments: message.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      ...(a.description !== null ? { description: a.description } : {}),
      ...(a.contentType ? { content_type: a.contentType } : {}),
      size: a.size,
      url: `https://cdn.discordapp.com/attachments/${message.channelId}/${a.id}/${encodeURIComponent(a.filename)}`,
      proxy_url: `https://media.discordapp.net/attachments/${message.channelId}/${a.id}/${encodeURIComponent(a.filename)}`,
    })),
    embeds: [],
    reactions: [...message.reactions.entries()].map(([name, users]) => ({ emoji: { id: null, name }, count: users.size, me: !!viewer && users.has(viewer.id) })),
    pinned: false,
    flags: 0,
    components: [],
    ...(message.referenceId
      ? {
          message_reference: { type: 0, message_id: message.referenceId, channel_id: message.channelId, ...(message.guildId ? { guild_id: message.guildId } : {}) },
          referenced_message: referenced ? messagePayload(world, { ...referenced, referenceId: null }, viewer) : null,
        }
      : {}),
  };
}

/** The guild as `GET /guilds/:id` gives it. */
export function guildPayload(world: DiscordWorld) {
  return {
    id: world.guildId,
    name: world.guildName,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: world.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [...world.roles.values()].map(rolePayload),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    max_members: 500_000,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: 'en-US',
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    approximate_member_count: world.members.size,
    approximate_presence_count: world.members.size,
  };
}

/**
 * GUILD_CREATE for a bot: the guild with its channels, its active threads
 * (archived ones are not synced up front) and, with the Server Members
 * intent, every member (without it, only the bot itself).
 */
export function guildCreatePayload(world: DiscordWorld, botId: string, withMembers = true) {
  const visible = [...world.channels.values()].filter((c) => c.guildId === world.guildId && world.canSee(botId, c.id));
  const members = [...world.members.values()].filter((m) => withMembers || m.userId === botId);
  return {
    ...guildPayload(world),
    joined_at: world.members.get(botId)?.joinedAt ?? new Date().toISOString(),
    large: false,
    unavailable: false,
    member_count: world.members.size,
    voice_states: [],
    members: members.map((m) => memberPayload(world, m)),
    channels: visible.filter((c) => c.parentId === null).map((c) => channelPayload(world, c, botId)),
    threads: visible.filter((c) => c.thread && !c.thread.archived).map((c) => channelPayload(world, c, botId)),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
