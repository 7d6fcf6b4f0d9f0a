import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { PendingBeg } from './types.ts';

export interface ObserverAnswer {
  amount: number;
  reason: string;
}

/**
 * Requests waiting for the person watching a match (Trust's begs): opened by a
 * game's adapter, answered by `!grant` / `!decline`, closed when all are
 * answered or the deadline passes. Whatever is still open then is left to the
 * game's configured policy.
 */
export class ObserverDesk {
  private readonly open = new Map<string, { beg: PendingBeg; answer: ObserverAnswer | null }>();
  private wake: (() => void) | null = null;

  pending(): PendingBeg[] {
    return [...this.open.values()].filter((b) => !b.answer).map((b) => b.beg);
  }

  /** Opens the requests and waits until every one is answered, the deadline passes or the match stops. */
  async ask(begs: readonly PendingBeg[], deadline: number, signal: AbortSignal): Promise<{ answers: Record<PlayerId, ObserverAnswer>; unanswered: PlayerId[] }> {
    this.open.clear();
    for (const beg of begs) this.open.set(beg.player.toLowerCase(), { beg, answer: null });
    while (!signal.aborted && Date.now() < deadline && this.pending().length > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
        this.wake = done;
        signal.addEventListener('abort', done);
      });
      this.wake = null;
    }
    const answers: Record<PlayerId, ObserverAnswer> = {};
    for (const { beg, answer } of this.open.values()) if (answer) answers[beg.player] = answer;
    const unanswered = this.pending().map((b) => b.player);
    this.open.clear();
    return { answers, unanswered };
  }

  /** `!grant` (amount > 0) or `!decline` (0): the reply for the observer. A grant is capped at the amount asked. */
  answer(name: string, amount: number, reason: string): string {
    const entry = this.open.get(name.toLowerCase());
    if (!entry) {
      const open = this.pending().map((b) => `@${b.player}`);
      return open.length ? `No open beg from ${name}. Open begs: ${open.join(', ')}.` : `No open beg from ${name}: nobody is begging right now.`;
    }
    if (entry.answer) return `${entry.beg.player}'s beg is already answered.`;
    const given = Math.min(amount, entry.beg.amount);
    entry.answer = { amount: given, reason };
    if (this.pending().length === 0) this.wake?.();
    const capped = amount > entry.beg.amount ? ` (capped to the ${entry.beg.amount} asked)` : '';
    return given > 0 ? `Granted ${given} sats to ${entry.beg.player}${capped}: ${reason}. They will be told.` : `Declined ${entry.beg.player}'s beg: ${reason}. They will be told.`;
  }

  /** Ends any wait at once (the match stops). */
  close(): void {
    this.wake?.();
  }
}
