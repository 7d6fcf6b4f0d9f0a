/**
 * Channels where Discord refused a bot's files (50013: its role lacks Attach
 * Files there), for when discord.js cannot tell the bot's permissions, and
 * the channels told so once: each post there says in words what its
 * pictures show.
 */
export class AttachRefusals {
  private readonly refusedIn = new Set<string>();
  private readonly toldIn = new Set<string>();

  refused(botId: string, channelId: string): void {
    this.refusedIn.add(`${botId}|${channelId}`);
  }

  refuses(botId: string, channelId: string): boolean {
    return this.refusedIn.has(`${botId}|${channelId}`);
  }

  /** True the first time only: the channel is told once why its pictures come in words. */
  firstTelling(botId: string, channelId: string): boolean {
    const key = `${botId}|${channelId}`;
    if (this.toldIn.has(key)) return false;
    this.toldIn.add(key);
    return true;
  }
}

/** One record for the process, shared by every table's posts. */
export const attachRefusals = new AttachRefusals();
