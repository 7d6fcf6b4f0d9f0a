import type { IAgentRuntime } from '@elizaos/core';
import type { PlayerDirectory } from '../playerDirectory.ts';
import { DISCORD, discordCode, errorLine } from './discordError.ts';
import { discordSignOuts } from './discordSignOuts.ts';
import { dmRefusals } from './dmRefusals.ts';

/** The little of a discord.js Client the House uses, reached through plugin-discord's service (no discord.js import here). */
export interface DiscordClientLike {
  user: { id: string } | null;
  isReady(): boolean;
  /** `force` asks Discord rather than discord.js's cache, which hears of a change (a lock, a deletion) only when the gateway's event comes. */
  channels: { fetch(id: string, options?: { force?: boolean }): Promise<DiscordChannelLike | null>; cache?: { get(id: string): DiscordChannelLike | undefined } };
  users: { createDM(id: string): Promise<{ id: string }> };
  guilds: { fetch(id: string): Promise<DiscordGuildLike> };
}

/** A channel as discord.js gives it: a text channel (with its threads), a thread (with its parent and archive state) or a DM (with whom). */
export interface DiscordChannelLike {
  id: string;
  threads?: { create(options: { name: string; autoArchiveDuration?: number; reason?: string }): Promise<{ id: string }> };
  isThread?(): boolean;
  parentId?: string | null;
  archived?: boolean | null;
  locked?: boolean | null;
  setArchived?(archived: boolean, reason?: string): Promise<unknown>;
  /** A DM's other user. */
  recipientId?: string;
  isDMBased?(): boolean;
  /** What a member may do here, from the roles and overwrites discord.js keeps up to date (a thread: its parent's). */
  permissionsFor?(userId: string): { has(bit: bigint): boolean } | null;
}

/** Permission bits the House checks before it asks Discord (discord.js's PermissionFlagsBits). */
export const PERMISSION = {
  attachFiles: 1n << 15n,
  manageThreads: 1n << 34n,
} as const;

/** Whether the bot may do `bit` in a guild channel by what discord.js knows; null where it cannot tell (a DM, nothing cached). */
export function mayIn(channel: DiscordChannelLike | null | undefined, botId: string, bit: bigint): boolean | null {
  if (!channel || channel.isDMBased?.()) return null;
  const perms = channel.permissionsFor?.(botId);
  return perms ? perms.has(bit) : null;
}

export interface DiscordGuildLike {
  id: string;
  members: { fetch(id: string): Promise<{ roles: { cache: { values(): Iterable<{ id: string; name: string }> } } }> };
}

/** A runtime's logged-in Discord client, or null when it has no bot (or it is not connected yet, or Discord signed it out). */
export function discordClientOf(runtime: IAgentRuntime | undefined): DiscordClientLike | null {
  if (!runtime || discordSignOuts.has(runtime)) return null;
  const service = runtime.getService('discord') as { client?: DiscordClientLike | null } | null | undefined;
  const client = service?.client ?? null;
  return client && client.isReady() && client.user ? client : null;
}

/** Runtimes whose Discord sends are set up (the host registers the send handler once the server is up). */
const sendingSetUp = new WeakSet<object>();
/** The one wait per client for its login: after it, a bot that is still not up is not waited for again. */
const logins = new WeakMap<object, Promise<void>>();

/** The host calls this once a runtime's Discord send handler is registered. */
export function discordSendingReady(runtime: IAgentRuntime): void {
  sendingSetUp.add(runtime);
}

/**
 * A runtime's Discord client once it is logged in and can send. A House
 * that starts resumes its matches while its bot is still logging in (and
 * before the host registers the send handler): their first posts and the
 * thread's reopening wait for it, a minute at most, once per client. A
 * bot Discord signed out is not waited for.
 */
export async function readyDiscordClient(runtime: IAgentRuntime, waitMs = 60_000): Promise<DiscordClientLike | null> {
  if (discordSignOuts.has(runtime)) return null;
  const service = runtime.getService('discord') as { client?: DiscordClientLike | null } | null;
  const client = service?.client ?? null;
  if (!client) return null;
  const up = () => client.isReady() && !!client.user && sendingSetUp.has(runtime) && !discordSignOuts.has(runtime);
  if (!up()) {
    let login = logins.get(client);
    if (!login) {
      login = (async () => {
        const until = Date.now() + waitMs;
        while (!up() && Date.now() < until) await Bun.sleep(100);
      })();
      logins.set(client, login);
    }
    await login;
  }
  return up() ? client : null;
}

/** Player agents with a bot of their own: lower-case name to Discord user id. */
export function playerDiscordIds(players: PlayerDirectory): Map<string, string> {
  const ids = new Map<string, string>();
  for (const name of players.names()) {
    const id = discordClientOf(players.find(name))?.user?.id;
    if (id) ids.set(name.toLowerCase(), id);
  }
  return ids;
}

/** Discord user id to player name, for mentions typed in Discord. */
export function playerNamesByDiscordId(players: PlayerDirectory): Map<string, string> {
  const names = new Map<string, string>();
  for (const name of players.names()) {
    const id = discordClientOf(players.find(name))?.user?.id;
    if (id) names.set(id, name);
  }
  return names;
}

/**
 * A public thread under a guild text channel, named for the match; null
 * where threads cannot be (a DM, a channel where the bot may not make them),
 * with `refused` when Discord said no for want of a permission.
 */
export async function openGameThread(runtime: IAgentRuntime, channelId: string, name: string): Promise<{ thread: string | null; refused: boolean }> {
  const client = discordClientOf(runtime);
  if (!client) return { thread: null, refused: false };
  try {
    const channel = await client.channels.fetch(channelId);
    if (!channel?.threads) return { thread: null, refused: false };
    const thread = await channel.threads.create({ name: name.slice(0, 100), autoArchiveDuration: 1440, reason: 'a game room of The House' });
    return { thread: thread.id, refused: false };
  } catch (error) {
    runtime.logger.warn(`House: no thread for the game room in Discord, posting in the channel (${errorLine(error)})`);
    const code = discordCode(error);
    return { thread: null, refused: code === DISCORD.missingPermissions || code === DISCORD.missingAccess };
  }
}

/**
 * The DM channel between the House's bot and a person, for what the House
 * tells them privately; none for a person whose DM refused the bot before
 * (closed DMs: Discord lets the DM be opened and refuses every send to it),
 * so a seat never counts on it.
 */
export async function directChannelOf(runtime: IAgentRuntime, discordUserId: string): Promise<string | null> {
  const client = discordClientOf(runtime);
  if (!client) return null;
  if (dmRefusals.refuses(client.user!.id, discordUserId)) return null;
  try {
    return (await client.users.createDM(discordUserId)).id;
  } catch (error) {
    runtime.logger.warn(`House: cannot open a DM in Discord (${errorLine(error)})`);
    return null;
  }
}
