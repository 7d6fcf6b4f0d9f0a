import type { IAgentRuntime } from '@elizaos/core';
import { errorLine } from './discordError.ts';

/** Where a keyed post stands: 'sending' is written before Discord is asked, 'sent' once it accepted. */
type PostState = 'sending' | 'sent';

/** The most rows one match keeps (a row a keyed post: a round's or its pictures'); a longer match forgets its oldest. */
const MAX_ROWS = 4096;

/** The House runtime's cache, as far as the outbox needs it. */
type OutboxCache = Pick<IAgentRuntime, 'getCache' | 'setCache' | 'deleteCache' | 'logger'>;

/** The cache row of one match's outbox. */
export function outboxKey(matchId: string): string {
  return `house:outbox:${matchId}`;
}

/** The rows as stored: only well-formed pairs of a key and a state are read. */
function rowsOf(value: unknown): Map<string, PostState> {
  const rows = new Map<string, PostState>();
  const list = (value as { rows?: unknown } | null | undefined)?.rows;
  if (!Array.isArray(list)) return rows;
  for (const row of list.slice(-MAX_ROWS)) {
    if (Array.isArray(row) && typeof row[0] === 'string' && (row[1] === 'sending' || row[1] === 'sent')) rows.set(row[0], row[1]);
  }
  return rows;
}

/**
 * A match's keyed Discord posts (a round's outcome, its pictures), sent at
 * most once across a restart or a standby's takeover, as the web GUI's room
 * stores one post a key. Discord keeps no key, so the House's cache (in the
 * database every host of the House shares) does: a row 'sending' before the
 * post goes, 'sent' after. A resumed table skips a key sent; a key left
 * 'sending' (the host died while Discord was asked) is looked for in the
 * channel (`posted`), and sent only if it is not there. Where the cache
 * cannot be read or written, the post goes as it would without the outbox:
 * a post is never dropped for want of its row.
 */
export class DiscordOutbox {
  private rows: Promise<Map<string, PostState>> | null = null;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly cache: OutboxCache,
    private readonly matchId: string,
  ) {}

  private load(): Promise<Map<string, PostState>> {
    return (this.rows ??= Promise.resolve().then(() => this.cache.getCache<unknown>(outboxKey(this.matchId))).then(rowsOf, (error: unknown) => {
      this.cache.logger.warn(`House: the Discord outbox of ${this.matchId} could not be read (${errorLine(error)})`);
      return new Map<string, PostState>();
    }));
  }

  /** Marks `key`, the write waiting for any before it so the last state wins. */
  private async mark(key: string, state: PostState): Promise<void> {
    const rows = await this.load();
    rows.delete(key);
    rows.set(key, state);
    while (rows.size > MAX_ROWS) rows.delete(rows.keys().next().value!);
    const value = { rows: [...rows] };
    this.writes = this.writes.then(() => this.cache.setCache(outboxKey(this.matchId), value)).then(
      () => undefined,
      (error: unknown) => this.cache.logger.warn(`House: the Discord outbox of ${this.matchId} could not be written (${errorLine(error)})`),
    );
    await this.writes;
  }

  /**
   * Sends the post of `key` unless it went before: `send` delivers it,
   * `posted` says whether the channel already shows it (null: cannot tell,
   * and it is sent). True when it was sent now.
   */
  async once(key: string, send: () => Promise<void>, posted: () => Promise<boolean | null>): Promise<boolean> {
    const state = (await this.load()).get(key);
    if (state === 'sent') return false;
    if (state === 'sending' && (await posted().catch(() => null)) === true) {
      await this.mark(key, 'sent');
      return false;
    }
    await this.mark(key, 'sending');
    await send();
    await this.mark(key, 'sent');
    return true;
  }

  /**
   * Marks `key` told, and says whether a host had marked it before: a
   * person's turn the House told them and then died (or paused) before the
   * phase's save, which the host playing on asks again. The row is written
   * before the caller tells anyone.
   */
  async toldBefore(key: string): Promise<boolean> {
    if ((await this.load()).has(key)) return true;
    await this.mark(key, 'sent');
    return false;
  }

  /** A closed match's rows go: nothing of it is posted again. */
  async forget(): Promise<void> {
    this.rows = Promise.resolve(new Map());
    await this.writes;
    await Promise.resolve().then(() => this.cache.deleteCache(outboxKey(this.matchId))).catch((error: unknown) => this.cache.logger.warn(`House: the Discord outbox of ${this.matchId} could not be removed (${errorLine(error)})`));
  }
}
