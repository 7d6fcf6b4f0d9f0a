import { createHash } from 'node:crypto';

/** How many closed matches' observer links the House remembers (the oldest is forgotten first). */
export const RETIRED_OBSERVERS_KEPT = 1000;

const hashOf = (key: string): string => createHash('sha256').update(key).digest('hex');

/**
 * The match each observer link was for, once its table has retired, so a
 * link opened after the end can lead to the match's public page. Only a hash
 * of the key is kept (the key itself showed what players did not see while the
 * match ran); in memory only, so after a restart an old link is not known.
 */
export class RetiredObservers {
  private readonly ids = new Map<string, string>();

  constructor(private readonly kept: number = RETIRED_OBSERVERS_KEPT) {}

  add(key: string, matchId: string): void {
    const hash = hashOf(key);
    this.ids.delete(hash);
    this.ids.set(hash, matchId);
    for (const oldest of this.ids.keys()) {
      if (this.ids.size <= this.kept) break;
      this.ids.delete(oldest);
    }
  }

  /** The match a retired table's observer key was for; null for any other key. */
  matchOf(key: string): string | null {
    return this.ids.get(hashOf(key)) ?? null;
  }
}
