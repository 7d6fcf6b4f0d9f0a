import type { IAgentRuntime } from '@elizaos/core';
import { errorLine } from './discordError.ts';
import { resendText } from './discordTexts.ts';

const VIEW_CHANNEL = 1n << 10n;
const SEND_MESSAGES = 1n << 11n;
const READ_MESSAGE_HISTORY = 1n << 16n;
const SEND_MESSAGES_IN_THREADS = 1n << 38n;

/** Channels whose last message a bot keeps, most recent first out: where people talk to it. */
const CHANNELS = 200;
/** Message ids already handed to the bot's handlers, so none is handled twice. */
const SEEN = 5000;
/** Read back at most this many pages of 100 messages a channel; past them, the channel is told to send again. */
const PAGES = 5;
/** A channel quiet for longer is not told about a gap it most likely did not have. */
const RECENT_MS = 3600_000;
/** How far Discord's clock (in message ids) may run behind this one: a channel the bot saw nothing in is read back from this much before the gap. */
const SKEW_MS = 60_000;

export interface GapMessage {
  id: string;
  channelId: string;
  author: { id: string };
  channel?: { isDMBased?(): boolean };
}

interface GapChannel {
  id?: string;
  /** The newest message's id as Discord last said it (a new READY's GUILD_CREATE gives every channel's). */
  lastMessageId?: string | null;
  isDMBased?(): boolean;
  isThread?(): boolean;
  permissionsFor?(user: { id: string } | string): { has(bit: bigint): boolean } | null;
  messages?: { fetch(options: { after: string; limit: number }): Promise<{ values(): Iterable<GapMessage> }> };
  send?(options: { content: string; allowedMentions: { parse: never[] } }): Promise<unknown>;
}

/** The little of a discord.js client this needs: its events, its user and channels. */
export interface GapClient {
  user: { id: string } | null;
  isReady(): boolean;
  on(event: 'messageCreate', listener: (message: GapMessage) => void): unknown;
  on(event: 'raw', listener: (packet: { t?: unknown } | null) => void): unknown;
  on(event: 'shardReady', listener: () => void): unknown;
  emit(event: string, ...args: unknown[]): boolean;
  channels: { fetch(id: string): Promise<unknown>; cache?: { values(): Iterable<unknown> } };
}

/** Discord's epoch: a snowflake holds the milliseconds since it. */
const DISCORD_EPOCH = 1_420_070_400_000n;

/** The smallest message id Discord could give a message sent at `at`: reading `after` it reads from then on. */
function snowflakeAt(at: Date): string {
  return ((BigInt(at.getTime()) - DISCORD_EPOCH) << 22n).toString();
}

/** When a message id was made. */
function timeOf(id: string): number {
  return /^\d{1,20}$/.test(id) ? Number((BigInt(id) >> 22n) + DISCORD_EPOCH) : 0;
}

/**
 * What a bot misses while it has no gateway session. Discord replays what a
 * resumed session missed, but a session that had to IDENTIFY again (INVALID_SESSION,
 * a connection closed for missed heartbeats, a resume refused) never gets
 * what was sent before its new READY. So each bot keeps the last message it
 * saw in every channel where people talk to it, and after such a READY reads
 * each one back from there and hands every message it did not see to its
 * handlers (plugin-discord's, as if the gateway had sent it): commands typed
 * in the gap are answered. Where Discord will not give them back (the read
 * fails, or the gap holds more than it reads), the channel is told in one
 * line to send again. A channel where the bot may not read history is
 * skipped: plugin-discord answers nothing there anyway. A channel where the
 * bot saw nothing yet is read back too, from the gap's start, when the new
 * READY says its last message came in the gap (and a DM the bot opened, which
 * no READY lists, whenever it saw nothing there); a DM the bot never had is
 * beyond reach: Discord lists no bot's DMs.
 * Messages are handled once: those read back join discord.js's cache, which
 * then drops the gateway's copy, and those the gateway sent are skipped.
 */
export function recoverGaps(runtime: IAgentRuntime, client: GapClient, options: { tellResend: boolean }): { settled(): Promise<void> } {
  const gaps = new GapRecovery(runtime, client, options.tellResend);
  gaps.listen();
  // What the caller gets: when the read-backs so far are done (for tests).
  return { settled: () => gaps.reading };
}

/** One bot's marks in its channels, and its read-backs after a session that had to IDENTIFY again (`recoverGaps`). */
class GapRecovery {
  private readonly last = new Map<string, { id: string; at: number }>();
  private readonly seen = new Set<string>();
  private readies: number;
  private lastEventAt = Date.now();
  /** When the bot last heard from Discord before its newest session: where the gap starts. */
  private gapFrom = this.lastEventAt;
  reading = Promise.resolve();

  constructor(
    private readonly runtime: IAgentRuntime,
    private readonly client: GapClient,
    private readonly tellsResend: boolean,
  ) {
    this.readies = client.isReady() ? 1 : 0;
  }

  listen(): void {
    const { client } = this;
    client.on('messageCreate', (message: GapMessage) => this.note(message));
    client.on('raw', (packet: { t?: unknown } | null) => {
      if (packet?.t === 'READY') this.gapFrom = this.lastEventAt;
      this.lastEventAt = Date.now();
    });
    client.on('shardReady', () => {
      this.readies += 1;
      if (this.readies < 2) return;
      const since = new Date(this.gapFrom);
      this.reading = this.reading.then(() => this.readBack(since)).catch((error) => this.runtime.logger.warn(`House: could not read back what Discord sent while the bot had no session (${errorLine(error)})`));
    });
  }

  private note(message: GapMessage): void {
    const { seen, last } = this;
    seen.add(message.id);
    if (seen.size > SEEN) seen.delete(seen.values().next().value!);
    last.delete(message.channelId);
    last.set(message.channelId, { id: message.id, at: Date.now() });
    if (last.size > CHANNELS) last.delete(last.keys().next().value!);
  }

  private async readBack(since: Date): Promise<void> {
    const me = this.client.user;
    if (!me) return;
    const known = [...this.last];
    const unseen = this.unseenChannels(since, new Set(known.map(([id]) => id)));
    for (const [channelId, mark] of known) {
      const channel = (await this.client.channels.fetch(channelId).catch(() => null)) as GapChannel | null;
      if (channel) await this.readChannel(me, channel, mark, since);
    }
    const from = { id: snowflakeAt(new Date(since.getTime() - SKEW_MS)), at: Date.now() };
    for (const channel of unseen) await this.readChannel(me, channel, from, since);
  }

  /** Channels in the client's cache the bot saw no message in, whose last message may be from the gap. */
  private unseenChannels(since: Date, known: ReadonlySet<string>): GapChannel[] {
    const out: GapChannel[] = [];
    for (const value of this.client.channels.cache?.values() ?? []) {
      const channel = value as GapChannel;
      if (!channel.id || known.has(channel.id) || !channel.messages) continue;
      if (channel.isDMBased?.() || (channel.lastMessageId && timeOf(channel.lastMessageId) >= since.getTime() - SKEW_MS)) out.push(channel);
    }
    return out;
  }

  private async readChannel(me: { id: string }, channel: GapChannel, mark: { id: string; at: number }, since: Date): Promise<void> {
    if (!channel.messages) return;
    const perms = channel.isDMBased?.() ? null : (channel.permissionsFor?.(me) ?? null);
    if (perms && !perms.has(VIEW_CHANNEL | READ_MESSAGE_HISTORY)) return;
    const mayPost = !perms || perms.has(channel.isThread?.() ? SEND_MESSAGES_IN_THREADS : SEND_MESSAGES);
    const { missed, full } = await this.missedIn(channel, mark.id);
    for (const message of missed) {
      if (this.seen.has(message.id)) continue;
      this.note(message);
      if (message.author.id !== me.id) this.client.emit('messageCreate', message);
    }
    if (full && mayPost) await this.tellResend(channel, mark.at, since);
  }

  /** The channel's messages after `after`, up to PAGES pages; `full` when there may be more than it read (or the read failed). */
  private async missedIn(channel: GapChannel, after: string): Promise<{ missed: GapMessage[]; full: boolean }> {
    const missed: GapMessage[] = [];
    let full = false;
    try {
      for (let page = 0; page < PAGES; page++) {
        const got = [...(await channel.messages!.fetch({ after, limit: 100 })).values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
        missed.push(...got);
        full = got.length === 100;
        if (!full) break;
        after = got.at(-1)!.id;
      }
    } catch (error) {
      this.runtime.logger.warn(`House: cannot read back a Discord channel after a gap (${errorLine(error)})`);
      full = true;
    }
    return { missed, full };
  }

  private async tellResend(channel: GapChannel, lastAt: number, since: Date): Promise<void> {
    if (!this.tellsResend || Date.now() - lastAt > RECENT_MS || !channel.send) return;
    await channel.send({ content: resendText(since), allowedMentions: { parse: [] } }).catch((error) => this.runtime.logger.warn(`House: could not ask for commands sent again (${errorLine(error)})`));
  }
}
