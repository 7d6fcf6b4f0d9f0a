import { RemoteCallError } from './policedFetch.ts';
import { MAX_ANSWER_CHARS, readAnswer } from './remoteAnswer.ts';
import type { MatchEnd } from './matchEnd.ts';
import type { RemoteClient } from './remoteClient.ts';
import type { RemoteTurn } from './remoteTurn.ts';

/** The longest `wait_for_turn` holds a request open (a long poll under common 30 s proxy timeouts). */
export const MAX_WAIT_MS = 25_000;
/** Answers kept by turn id, so the same turn handed in again gets the same answer. */
const KEPT_ANSWERS = 16;
/** At most this many whispers, and this much text, are drafted for one turn through `say`/`whisper`. */
const MAX_DRAFT_WHISPERS = 16;
export const MAX_TALK_CHARS = 2_000;

interface OpenTurn {
  turn: RemoteTurn;
  draft: { public?: string; whispers: Array<{ to: string[]; text: string }> };
  resolve(text: string): void;
  reject(error: Error): void;
}

export type DeskReply = { ok: true; text: string } | { ok: false; error: string };

/**
 * One MCP seat as the House holds it: the turn it is waiting on (posted by
 * `ask`, read by the agent's `wait_for_turn`) and the answer the agent hands
 * in (`submit_action`). The agent pulls, so the House never calls out to
 * it. Talk (`say`, `whisper`) is drafted into the open turn's answer
 * (Influence's `public` and `whispers`), so it goes the way moves go. A
 * turn id other than the open one is refused as stale; the same turn handed
 * in again keeps its first answer. Once the match is over (`over`),
 * `wait_for_turn` gives its end (the seat's own result) to every call until
 * the desk closes, so an agent hears it rather than a failure.
 */
export class McpSeatDesk implements RemoteClient {
  readonly kind = 'mcp' as const;
  readonly provider = 'mcp@house';
  private open: OpenTurn | null = null;
  private last: RemoteTurn | null = null;
  private readonly answered = new Map<string, string>();
  private readonly waiters = new Set<(turn: RemoteTurn | MatchEnd | null) => void>();
  private closed = false;
  private ended: MatchEnd | null = null;
  private readonly heard = Promise.withResolvers<void>();

  /** `now` is the clock a turn's `ms_left` is read from when it is handed out (the House's, `Date.now`). */
  constructor(
    readonly rules: string,
    private readonly now: () => number = Date.now,
  ) {}

  ask(turn: RemoteTurn, signal: AbortSignal): Promise<string> {
    const kept = this.answered.get(turn.turn_id);
    if (kept !== undefined) return Promise.resolve(kept);
    if (this.closed || this.ended) return Promise.reject(new RemoteCallError('the seat is closed', 'unreachable'));
    this.open?.reject(new RemoteCallError('a newer turn replaced this one', 'aborted'));
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        if (this.open?.turn.turn_id === turn.turn_id) this.open = null;
        reject(new RemoteCallError('no answer in time', 'aborted'));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => signal.removeEventListener('abort', onAbort);
      this.open = { turn, draft: { whispers: [] }, resolve: (t) => (done(), resolve(t)), reject: (e) => (done(), reject(e)) };
      this.last = turn;
      for (const wake of [...this.waiters]) wake(this.fresh(turn));
    });
  }

  /** A turn as it is handed out: `ms_left` from its deadline now, so a turn handed out again (the agent reconnected) says the time it really has. */
  private fresh(turn: RemoteTurn): RemoteTurn {
    return { ...turn, ms_left: Math.max(0, Math.min(turn.ms_left, turn.deadline - this.now())) };
  }

  /** `wait_for_turn`: the open turn at once, else the next one within `maxMs` (at most MAX_WAIT_MS), else null; once the match is over, its end. */
  waitForTurn(maxMs: number, signal?: AbortSignal): Promise<RemoteTurn | MatchEnd | null> {
    if (this.ended) {
      this.heard.resolve();
      return Promise.resolve(this.ended);
    }
    if (this.open) return Promise.resolve(this.fresh(this.open.turn));
    if (this.closed) return Promise.resolve(null);
    const ms = Math.min(Math.max(0, Math.floor(maxMs)), MAX_WAIT_MS);
    return new Promise((resolve) => {
      const finish = (turn: RemoteTurn | MatchEnd | null) => {
        clearTimeout(timer);
        this.waiters.delete(finish);
        signal?.removeEventListener('abort', onAbort);
        resolve(turn);
      };
      const onAbort = () => finish(null);
      const timer = setTimeout(() => finish(null), ms);
      this.waiters.add(finish);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** `submit_action`: the open turn's answer, with what `say`/`whisper` drafted for it. */
  submit(turnId: string, action: unknown): DeskReply {
    if (this.answered.has(turnId)) return { ok: true, text: 'already answered: the first answer for this turn stands' };
    const open = this.open;
    if (this.ended) return { ok: false, error: 'the match is over; wait_for_turn says how it ended' };
    if (!open || open.turn.turn_id !== turnId) return { ok: false, error: `turn ${JSON.stringify(turnId.slice(0, 40))} is not open (stale or unknown); call wait_for_turn` };
    const read = readAnswer({ turn_id: turnId, action: withDraft(action, open.draft) }, turnId);
    if (!read.ok) return { ok: false, error: read.error };
    this.open = null;
    this.answered.set(turnId, read.text);
    while (this.answered.size > KEPT_ANSWERS) this.answered.delete(this.answered.keys().next().value!);
    open.resolve(read.text);
    return { ok: true, text: 'received' };
  }

  /** `say`: the open turn's public message (Influence's RUMOR), handed in with the next `submit_action`. */
  say(text: string): DeskReply {
    if (!this.open) return { ok: false, error: 'no turn is open; talk goes with a turn (wait_for_turn first)' };
    if (text.length > MAX_TALK_CHARS) return { ok: false, error: `at most ${MAX_TALK_CHARS} characters` };
    this.open.draft.public = text;
    return { ok: true, text: 'drafted for this turn' };
  }

  /** `whisper`: a private message to some players, handed in with the next `submit_action`. */
  whisper(to: string[], text: string): DeskReply {
    if (!this.open) return { ok: false, error: 'no turn is open; talk goes with a turn (wait_for_turn first)' };
    if (text.length > MAX_TALK_CHARS) return { ok: false, error: `at most ${MAX_TALK_CHARS} characters` };
    if (this.open.draft.whispers.length >= MAX_DRAFT_WHISPERS) return { ok: false, error: `at most ${MAX_DRAFT_WHISPERS} whispers a turn` };
    this.open.draft.whispers.push({ to, text });
    return { ok: true, text: 'drafted for this turn' };
  }

  /** The seat's latest view (the MCP resource), or null before its first turn. */
  view(): unknown {
    return this.last?.view ?? null;
  }

  /**
   * The match is over: every `wait_for_turn` from now on gives `end` (a
   * waiting one at once). Resolves once the agent has read it; `signal`
   * bounds the wait (an agent need not read it).
   */
  over(end: MatchEnd, signal: AbortSignal): Promise<void> {
    if (!this.ended) {
      this.ended = end;
      this.open?.reject(new RemoteCallError('the match is over', 'aborted'));
      this.open = null;
      const waiting = [...this.waiters];
      if (waiting.length) this.heard.resolve();
      for (const wake of waiting) wake(end);
    }
    if (signal.aborted) return Promise.reject(new RemoteCallError('the agent did not ask for the end of its match in time', 'aborted'));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(new RemoteCallError('the agent did not ask for the end of its match in time', 'aborted'));
      signal.addEventListener('abort', onAbort, { once: true });
      void this.heard.promise.then(() => (signal.removeEventListener('abort', onAbort), resolve()));
    });
  }

  close(): void {
    this.closed = true;
    this.open?.reject(new RemoteCallError('the seat is closed', 'unreachable'));
    this.open = null;
    for (const wake of [...this.waiters]) wake(null);
  }
}

/** An action with the turn's drafted talk folded in; the action's own fields win. */
function withDraft(action: unknown, draft: OpenTurn['draft']): unknown {
  if (draft.public === undefined && draft.whispers.length === 0) return action;
  const base = typeof action === 'object' && action !== null && !Array.isArray(action) ? (action as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...base };
  if (draft.public !== undefined && !Object.hasOwn(base, 'public')) out.public = draft.public;
  if (draft.whispers.length) out.whispers = [...(Array.isArray(base.whispers) ? base.whispers : []), ...draft.whispers];
  return JSON.stringify(out).length > MAX_ANSWER_CHARS ? action : out;
}
