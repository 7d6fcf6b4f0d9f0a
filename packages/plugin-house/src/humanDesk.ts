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
  finish: (decision: unknown) => void;
}

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

  /** Seats whose move the House is waiting for. */
  waiting(): PlayerId[] {
    return [...this.open.keys()];
  }

  /** Waits for the person's move until it is legal (and, for an open-ended phase, `!done`), `deadline` (epoch ms) or `signal`. */
  wait(player: PlayerId, opts: { check: Pending['check']; openEnded: boolean; deadline?: number; signal: AbortSignal; normalize?: Pending['normalize'] }): Promise<HumanAnswer> {
    const key = player.toLowerCase();
    return new Promise<HumanAnswer>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const pending: Pending = {
        check: opts.check,
        normalize: opts.normalize ?? ((d) => d),
        openEnded: opts.openEnded,
        texts: [],
        draft: null,
        finish: () => {
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
    const pending = this.open.get(player.toLowerCase());
    if (!pending) return `${player}, the House is not waiting for a move from you right now.`;
    pending.texts.push(text);
    const checked = pending.check(pending.normalize(decision));
    if (!checked.ok) return `Not accepted: ${checked.error}. Try again before the deadline.`;
    pending.draft = isObject(checked.decision) ? checked.decision : { value: checked.decision };
    if (pending.openEnded) return 'Noted. Add more, or !done to hand it in.';
    pending.finish(pending.draft);
    return 'Move accepted.';
  }

  /** Part of a move (Influence's `!dm`, `!empower`...): merged into the draft; handed in once legal unless the phase is open-ended. */
  merge(player: PlayerId, text: string, part: Record<string, unknown>, combine: (draft: Record<string, unknown>, part: Record<string, unknown>) => Record<string, unknown>): string {
    const pending = this.open.get(player.toLowerCase());
    if (!pending) return `${player}, the House is not waiting for a move from you right now.`;
    pending.texts.push(text);
    pending.draft = pending.normalize(combine(pending.draft ?? {}, part)) as Record<string, unknown>;
    const checked = pending.check(pending.draft);
    if (checked.ok && !pending.openEnded) {
      pending.finish(pending.draft);
      return 'Accepted.';
    }
    return checked.ok ? 'Noted. Add more, or !done to hand it in.' : `Noted; still needed: ${checked.error}`;
  }

  /** `!done`: hands in the draft as it stands. */
  done(player: PlayerId): string {
    const pending = this.open.get(player.toLowerCase());
    if (!pending) return `${player}, the House is not waiting for a move from you right now.`;
    pending.texts.push('!done');
    // Done with nothing in a phase where nothing is a move (WHISPER: no DMs) is that move, not a turn let pass.
    if (!pending.draft && pending.openEnded && pending.check({}).ok) pending.draft = {};
    const empty = !pending.draft;
    pending.finish(pending.draft);
    return empty ? 'Handed in with nothing: the game will play your fallback.' : 'Handed in.';
  }

  /** Ends every wait at once (the match stops). */
  closeAll(): void {
    for (const pending of [...this.open.values()]) pending.finish(undefined);
  }
}
