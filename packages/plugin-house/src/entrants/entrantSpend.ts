import type { IAgentRuntime } from '@elizaos/core';
import { z } from 'zod';
import { jsonKeyProblem } from '@the-house/games/engine/safeKey.ts';
import { MAX_ENTRANTS } from './entrantStore.ts';
import { entrantKey } from './entrantKey.ts';

const KEY = 'house:entrant-spend';

const storedSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), spent: z.array(z.tuple([z.string().max(64), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])).max(MAX_ENTRANTS) }).strict();

/** The day a spend counts toward: the UTC date. */
export const spendDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * The tokens each open entrant spent today in seats that others gave it (a
 * seat its owner or an admin gave it counts nothing here), so the House can
 * hold it to the day's budget its owner set. Kept in the House's database
 * (one row, as JSON), so a restart does not start the day again; a new UTC
 * day starts from nothing. One ledger per runtime, its writes one at a time.
 */
export class EntrantSpend {
  private day = '';
  private readonly spent = new Map<string, number>();
  private loaded: Promise<void> | null = null;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly runtime: IAgentRuntime,
    private readonly now: () => number = Date.now,
  ) {}

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      const row = await this.runtime.getCache<{ json?: unknown }>(KEY).catch(() => undefined);
      if (!row || typeof row.json !== 'string') return;
      let raw: unknown;
      try {
        raw = JSON.parse(row.json);
      } catch {
        return;
      }
      const parsed = jsonKeyProblem(raw, 4) ? null : storedSchema.safeParse(raw);
      if (!parsed?.success) return;
      this.day = parsed.data.day;
      for (const [key, tokens] of parsed.data.spent) this.spent.set(key, tokens);
    })();
    return this.loaded;
  }

  /** Starts a new day's count when the date has changed since the last. */
  private rollOver(): void {
    const today = spendDay(this.now());
    if (today === this.day) return;
    this.day = today;
    this.spent.clear();
  }

  /** Tokens `name` spent today in seats others gave it. */
  async today(name: string): Promise<number> {
    await this.load();
    this.rollOver();
    return this.spent.get(entrantKey(name)) ?? 0;
  }

  /** Counts `tokens` more for `name` today, and saves the day's count. */
  async add(name: string, tokens: number): Promise<void> {
    if (!(tokens > 0)) return;
    await this.load();
    this.rollOver();
    const key = entrantKey(name);
    this.spent.set(key, (this.spent.get(key) ?? 0) + Math.round(tokens));
    const json = JSON.stringify({ day: this.day, spent: [...this.spent].slice(-MAX_ENTRANTS) });
    this.writes = this.writes.then(() => this.runtime.setCache(KEY, { json }).then(() => undefined)).catch((error) => this.runtime.logger.warn(`House: an entrant's spend for today could not be saved: ${error instanceof Error ? error.message : String(error)}`));
    await this.writes;
  }
}

const ledgers = new WeakMap<IAgentRuntime, EntrantSpend>();

/** The House runtime's one ledger. */
export function entrantSpendOf(runtime: IAgentRuntime): EntrantSpend {
  let ledger = ledgers.get(runtime);
  if (!ledger) ledgers.set(runtime, (ledger = new EntrantSpend(runtime)));
  return ledger;
}
