/**
 * The people whose DMs refused a bot (Discord's 50007: DMs from server
 * members closed, the bot blocked, or no server shared), by bot: the House
 * stops knocking (each refusal counts toward Discord's ban on invalid
 * requests) and writes to them where the match is played instead. A person
 * who writes to the bot in a DM is taken off: their DMs work again.
 */
export class DmRefusals {
  /** `bot user id|person's user id`, and the DM channel that refused. */
  private readonly people = new Map<string, string>();
  private readonly channels = new Map<string, string>();

  refused(botId: string, userId: string | null, channelId: string): void {
    this.channels.set(`${botId}|${channelId}`, userId ?? '');
    if (userId) this.people.set(`${botId}|${userId}`, channelId);
  }

  refuses(botId: string, userId: string): boolean {
    return this.people.has(`${botId}|${userId}`);
  }

  /** Whether a DM channel refused this bot, and whose it is (when known). */
  channel(botId: string, channelId: string): { userId: string | null } | null {
    const userId = this.channels.get(`${botId}|${channelId}`);
    return userId === undefined ? null : { userId: userId || null };
  }

  /** The person wrote to the bot in a DM: their DMs are open again. */
  opened(botId: string, userId: string): void {
    const channelId = this.people.get(`${botId}|${userId}`);
    this.people.delete(`${botId}|${userId}`);
    if (channelId) this.channels.delete(`${botId}|${channelId}`);
  }
}

/** One record for the process: each bot's client and the House's voices read and write it. */
export const dmRefusals = new DmRefusals();
