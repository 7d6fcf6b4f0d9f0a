import type { PlayerId } from '@the-house/games/engine/types.ts';

/** How long after the last request of a phase is handed out its held work starts (see `handedOut`). */
export const RELEASE_AFTER_MS = 4;

/** The longest a seat holds the turn to build its request before the next seat may start (see `turn`). */
export const TURN_MS = 3;

/** The backlog's two clocks: a seat's turn that lapses after TURN_MS, and the release RELEASE_AFTER_MS after the last request is handed out. */
export interface BacklogTimers {
  /** Calls `lapse` once the turn's time is up; the returned function cancels it. */
  turn(lapse: () => void): () => void;
  release(run: () => void): void;
}

export const realTimers: BacklogTimers = {
  turn(lapse) {
    const timer = setTimeout(lapse, TURN_MS);
    return () => clearTimeout(timer);
  },
  release(run) {
    setTimeout(run, RELEASE_AFTER_MS);
  },
};

/**
 * What a table does that no seat waits for (issue 26): the posts of the
 * phase just played, its save, the round's post, the players' memory of
 * requests, answers and rounds, their notes' saves, prompt texts and token
 * counts. A phase's model requests go out first: from the moment a phase's
 * decisions are in (`pause`) until every seat the next phase asks has
 * handed its request to its client (`expect`, `handedOut`), work waits here;
 * then it runs in the order it came, one piece after another, while the
 * models think. The seats build their requests one at a time (`turn`). What an
 * answer brings (`afterAnswer`: the player's memory of it, ElizaOS's row for
 * the model call) waits for the next phase's requests too, so a phase's
 * answers, which come in together, never queue behind each other's writes;
 * then it runs whenever nothing else waits, so no save or post waits behind
 * it, and settling a phase (`settle`) never waits for it. A piece that fails
 * is logged; it never stops the ones after it.
 */
export class PhaseBacklog {
  /** Work free to run, in order. */
  private readonly queue: Array<() => unknown> = [];
  /** Work queued while held: it joins `queue` when the hold is freed, so a hold never stops work queued before it. */
  private readonly parked: Array<() => unknown> = [];
  /** Work that answers brought: it joins `answers` when the next phase's requests are out, or at a flush. */
  private readonly answered: Array<() => unknown> = [];
  /** Answers' work free to run: it runs when `queue` is empty, so a save or a post never waits behind it. */
  private readonly answers: Array<() => unknown> = [];
  private held = false;
  private waiting = new Set<PlayerId>();
  /** Counts holds, so a release scheduled for one phase never frees the next. */
  private hold = 0;
  /** Seats that took their turn and have not passed it yet, each with what passes it. */
  private readonly turns = new Map<PlayerId, () => void>();
  private lastTurn: Promise<void> = Promise.resolve();
  private running: Promise<void> | null = null;

  constructor(
    private readonly warn: (line: string) => void,
    private readonly timers: BacklogTimers = realTimers,
  ) {}

  /** Work that can wait: when nothing holds it, it runs once the caller has gone on (never within this call); else once the phase's requests are out. */
  later(work: () => unknown): void {
    (this.held ? this.parked : this.queue).push(work);
    this.run();
  }

  /** Work an answer brought: free once the next phase's requests are out (or at the next `flush`), it runs when nothing else waits. */
  afterAnswer(work: () => unknown): void {
    this.answered.push(work);
  }

  /** A phase's decisions are in: what comes now waits for the next phase's requests; what was queued before still runs. */
  pause(): void {
    this.held = true;
    this.waiting.clear();
    this.hold += 1;
  }

  /** A phase opens: work waits until each of `seats` has handed out its request; with none to wait for, it runs now. */
  expect(seats: readonly PlayerId[]): void {
    this.held = true;
    this.waiting = new Set(seats);
    this.hold += 1;
    if (this.waiting.size === 0) this.free();
  }

  /**
   * Resolves when `seat` may build its request: once the seat that asked
   * before it has passed its turn (its request left the process:
   * `passTurn`; or it is done: `sent`), or has held it TURN_MS (it waits on
   * the database, say). Seats asked at once would otherwise build
   * their requests in step, one await each in turn, and every request would
   * leave at the end, together; one after another, the first leaves as soon
   * as it is built and the answers come back spread as the requests left.
   */
  async turn(seat: PlayerId): Promise<void> {
    const before = this.lastTurn;
    let pass!: () => void;
    this.lastTurn = new Promise<void>((resolve) => (pass = resolve));
    await before;
    const cancel = this.timers.turn(pass);
    this.turns.set(seat, () => {
      cancel();
      pass();
    });
  }

  /** A seat is done with its phase's request, whatever became of it: the next seat may build its own (`passTurn`), and the request counts as out (`handedOut`). */
  sent(seat: PlayerId): void {
    this.passTurn(seat);
    this.handedOut(seat);
  }

  /** A seat's request has left the process: the next seat may build its own. */
  passTurn(seat: PlayerId): void {
    this.turns.get(seat)?.();
    this.turns.delete(seat);
  }

  /**
   * A seat's request is handed to its client (or it needs none): once every
   * seat expected has said so, the work runs. Not when it leaves: a request
   * may wait its provider's turn (the gate's calls in flight) for as long as
   * a model takes to answer, and the phase before's posts would wait with it.
   */
  handedOut(seat: PlayerId): void {
    if (!this.waiting.delete(seat) || this.waiting.size > 0) return;
    // The last request was handed to its client, which sends it a few turns of the event loop later (the gate, ElizaOS,
    // the AI SDK, fetch); a database write begun first holds them all. Measured with 8 model seats: released on the next
    // turn, the requests left 11.8 ms (median) after their asks; released RELEASE_AFTER_MS later, 8.8 ms.
    const hold = this.hold;
    this.timers.release(() => {
      if (this.hold === hold) this.free();
    });
  }

  /** Runs what is queued now, held or not, answers' work included, without waiting for it. */
  free(): void {
    this.unhold();
    this.answers.push(...this.answered.splice(0));
    this.run();
  }

  /** Nothing holds the queue any more: what was parked joins it (answers' work stays where it is). */
  private unhold(): void {
    this.held = false;
    this.waiting.clear();
    this.queue.push(...this.parked.splice(0));
  }

  /** Runs everything queued and resolves once nothing is left (the table idles between rounds, or its match ends). */
  async flush(): Promise<void> {
    this.free();
    while (this.running) await this.running;
  }

  /**
   * A phase's decisions are in: runs what it left before them (the phase
   * before's save and posts) and resolves once that is done; the work its
   * answers brought still waits for the next phase's requests.
   */
  async settle(): Promise<void> {
    this.unhold();
    // Done when the queue is: the mark is its last piece, and the queue runs before any answer's work.
    await new Promise<void>((resolve) => {
      this.queue.push(resolve);
      this.run();
    });
  }

  private run(): void {
    if (this.running || (this.queue.length === 0 && this.answers.length === 0)) return;
    const next = () => this.queue.shift() ?? this.answers.shift();
    this.running = (async () => {
      // Never within the call that handed the work in: a batch of rows is scheduled as its first row comes, and that row
      // is added once the call returns (run at once, a flush took the batch while it was empty, and the row was never written).
      await Promise.resolve();
      for (let work = next(); work; work = next()) {
        try {
          await work();
        } catch (error) {
          this.warn(`House: deferred work failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        // A database write in this process settles in promise steps alone: without a turn of the event loop between
        // pieces, a request still leaving or an answer come in would wait for the whole backlog.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    })().finally(() => {
      this.running = null;
      // Work queued while the last piece ran, and not held since.
      this.run();
    });
  }
}
