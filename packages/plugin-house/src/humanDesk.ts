import type { Checked, PlayerId } from '@the-house/games/engine/types.ts';

/** What a seated person has handed in for the phase so far. */
interface Pending {
  check: (decision: unknown) => Checked<unknown>;
  /** Names in a move as the match spells them (`@ada` is Ada). */
  normalize: (decision: unknown) => unknown;
  openEnded: boolean;
  /** Everything the person typed for this phase, in order. */
  texts: string[];
  /** The decision as it stands: the last valid move, or the fields merged so far. */
  draft: Record<string, unknown> | null;
  /** Handed in: it goes to the game once the reply that accepted it is out. */
  sealed?: boolean;
  finish: (decision: unknown) => void;
}

/** The longest a handed-in move waits for its reply to go out before it goes to the game anyway. */
const REPLY_WAIT_MS = 2000;

/** How a person's phase ended: the decision handed in (none if nothing came), and what they typed. */
export interface HumanAnswer {
  decision: unknown;
  texts: string[];
  valid: boolean;
  error: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The seats people hold in one match. The House asks a seat (`wait`); the
 * person answers with chat commands (`submit` a whole move, `merge` part of
 * one, `done`), each refused with what is allowed until it is legal; the
 * phase's deadline hands in whatever stands by then. One person's pace never
 * holds up anyone else: every seat waits on its own.
 */
export class HumanDesk {
  private readonly open = new Map<string, Pending>();
  /** Set on a desk made for one command (`afterReply`): the reply to it goes out before a move it completes is handed in. */
  private replied?: Promise<unknown>;

  /**
   * This desk, for one command whose reply (`replied` settles once it is
   * posted) must reach the person before the move it completes goes to the
   * game: "Move accepted." before the next turn, never after.
   */
  afterReply(replied: Promise<unknown>): HumanDesk {
    return Object.assign(Object.create(this) as HumanDesk, { replied });
  }

  private handIn(pending: Pending): void {
    if (!this.replied) return pending.finish(pending.draft);
    pending.sealed = true;
    const late = new Promise((resolve) => (setTimeout(resolve, REPLY_WAIT_MS) as { unref?: () => void }).unref?.());
    void Promise.race([this.replied, late]).then(() => pending.finish(pending.draft));
  }

  /** The seat's open wait, or why a command cannot add to it. */
  private pendingOf(player: PlayerId): Pending | string {
    const pending = this.open.get(player.toLowerCase());
    if (!pending) return `${player}, the House is not waiting for a move from you right now.`;
    return pending.sealed ? `${player}, your move is already handed in.` : pending;
  }

  /** Seats whose move the House is waiting for. */
  waiting(): PlayerId[] {
    return [...this.open.keys()];
  }

  /** Waits for the person's move until it is legal (and, for an open-ended phase, `!done`), `deadline` (epoch ms) or `signal`. */
  wait(player: PlayerId, opts: { check: Pending['check']; openEnded: boolean; deadline?: number; signal: AbortSignal; normalize?: Pending['normalize'] }): Promise<HumanAnswer> {
    const key = player.toLowerCase();
    return new Promise<HumanAnswer>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let finished = false;
      const pending: Pending = {
        check: opts.check,
        normalize: opts.normalize ?? ((d) => d),
        openEnded: opts.openEnded,
        texts: [],
        draft: null,
        finish: () => {
          if (finished) return;
          finished = true;
          clearTimeout(timer);
          opts.signal.removeEventListener('abort', onAbort);
          this.open.delete(key);
          const checked = pending.draft ? opts.check(pending.draft) : null;
          resolve({ decision: pending.draft ?? undefined, texts: pending.texts, valid: checked?.ok ?? false, error: checked && !checked.ok ? checked.error : pending.draft ? null : 'no move in time' });
        },
      };
      const onAbort = () => pending.finish(undefined);
      this.open.set(key, pending);
      if (opts.deadline !== undefined) timer = setTimeout(() => pending.finish(undefined), Math.max(0, opts.deadline - Date.now()));
      opts.signal.addEventListener('abort', onAbort);
    });
  }

  /** A whole move (`!move ...`): kept when legal, otherwise refused with the reason; the reply says which. */
  submit(player: PlayerId, text: string, decision: unknown): string {
    const pending = this.pendingOf(player);
    if (typeof pending === 'string') return pending;
    pending.texts.push(text);
    const checked = pending.check(pending.normalize(decision));
    if (!checked.ok) return `Not accepted: ${checked.error}. Try again before the deadline.`;
    pending.draft = isObject(checked.decision) ? checked.decision : { value: checked.decision };
    if (pending.openEnded) return 'Noted. Add more, or !done to hand it in.';
    this.handIn(pending);
    return 'Move accepted.';
  }

  /** Part of a move (Influence's `!dm`, `!empower`...): merged into the draft; handed in once legal unless the phase is open-ended. */
  merge(player: PlayerId, text: string, part: Record<string, unknown>, combine: (draft: Record<string, unknown>, part: Record<string, unknown>) => Record<string, unknown>): string {
    const pending = this.pendingOf(player);
    if (typeof pending === 'string') return pending;
    pending.texts.push(text);
    pending.draft = pending.normalize(combine(pending.draft ?? {}, part)) as Record<string, unknown>;
    const checked = pending.check(pending.draft);
    if (checked.ok && !pending.openEnded) {
      this.handIn(pending);
      return 'Accepted.';
    }
    return checked.ok ? 'Noted. Add more, or !done to hand it in.' : `Noted; still needed: ${checked.error}`;
  }

  /** `!done`: hands in the draft as it stands. */
  done(player: PlayerId): string {
    const pending = this.pendingOf(player);
    if (typeof pending === 'string') return pending;
    pending.texts.push('!done');
    // Done with nothing in a phase where nothing is a move (WHISPER: no DMs) is that move, not a turn let pass.
    if (!pending.draft && pending.openEnded && pending.check({}).ok) pending.draft = {};
    const empty = !pending.draft;
    this.handIn(pending);
    return empty ? 'Handed in with nothing: the game will play your fallback.' : 'Handed in.';
  }

  /** Ends every wait at once (the match stops). */
  closeAll(): void {
    for (const pending of [...this.open.values()]) pending.finish(undefined);
  }
}
