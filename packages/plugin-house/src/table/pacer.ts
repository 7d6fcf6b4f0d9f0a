import type { IAgentRuntime, Memory } from '@elizaos/core';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { deferModelLog, outsideDecision, withDeferredModelLog } from './deferredModelLog.ts';
import { type BacklogTimers, PhaseBacklog, realTimers } from './phaseBacklog.ts';
import { watchRequests } from './requestLeaving.ts';
import { WriteBatch, type HeldLogRow } from './writeBatch.ts';

/** One seat's request of a phase, as the pacer sees it go. */
export interface SeatRequest {
  /** The request is handed to its client: once every seat's is, the phase before's work runs. */
  handedOut(): void;
  /** Sends it (a model call): the next seat may build its own once it leaves the process, at once for a brain in this process. */
  send<T>(inProcess: boolean, call: () => Promise<T>): Promise<T>;
}

/**
 * A table's request scheduler, its one seam (issue 26's order): a phase's
 * model requests leave first, one seat building its request at a time, and
 * what can wait (posts, saves, the players' memory, ElizaOS's rows for model
 * calls) runs from the table's backlog while the models think. The play loop
 * holds and frees it around each phase; a seat takes its turn and says when
 * its request is handed out and when it leaves. Nothing else of the table
 * sees the backlog, the request watch or the deferred model log.
 */
export class Pacer {
  private readonly backlog: PhaseBacklog;
  /** The players' rows that can wait, written in one flush (`remember`, `keep`). */
  private readonly rows: BatchSlot;
  /** The players' rows answers brought (their memory of each answer, ElizaOS's model-call rows), written as an answer's work. */
  private readonly answerRows: BatchSlot;

  constructor(warn: (line: string) => void, timers: BacklogTimers = realTimers) {
    this.backlog = new PhaseBacklog(warn, timers);
    this.rows = new BatchSlot(warn, (flush) => this.later(flush));
    this.answerRows = new BatchSlot(warn, (flush) => this.afterAnswer(flush));
  }

  /** A player's memory that can wait (a House message in its private room, made first by `connect`): written with the others as one piece of work. */
  remember(player: IAgentRuntime, memory: Memory, connect?: () => Promise<void>): void {
    this.rows.batch().memory(player, memory, connect);
  }

  /** A player's cache row that can wait (its notes), written with the others as one piece of work. */
  keep(player: IAgentRuntime, key: string, value: unknown): void {
    this.rows.batch().cache(player, key, value);
  }

  /** A player's memory of its own answer: with the others as one piece of an answer's work. */
  rememberAnswer(player: IAgentRuntime, memory: Memory): void {
    this.answerRows.batch().memory(player, memory);
  }

  /**
   * Writes the players' rows held so far now, rather than after what is
   * queued: a phase's save calls it first, so the rows of the phase it saves
   * (the round's end, the answers, the notes) are stored before it. A host
   * killed after the save leaves none of them unwritten; one killed before it
   * is followed by a host that plays the phase again, whose rows have the
   * same ids (the same answer's too) and are kept once.
   */
  async writeRowsNow(): Promise<void> {
    // One statement for both: on PGLite each statement costs about 1 ms before its rows, and the next phase waits for this.
    const answers = this.answerRows.take();
    const rows = this.rows.take();
    if (answers && rows) answers.absorb(rows);
    await (answers ?? rows)?.flush();
  }

  /** Work that can wait, run outside any decision's context (its runner must not be taken for a seat's request). */
  later(work: () => unknown): void {
    outsideDecision(() => this.backlog.later(work));
  }

  /** A phase is about to open: what comes now waits for its requests. */
  hold(): void {
    this.backlog.pause();
  }

  /** The phase's requests are being built: work waits until each of `seats` has handed its out. */
  expectRequests(seats: readonly PlayerId[]): void {
    this.backlog.expect(seats);
  }

  /** The phase's decisions are in: the phase before's work is done when this resolves, and what comes now waits again. */
  async collected(): Promise<void> {
    await this.backlog.settle();
    this.backlog.pause();
  }

  /** Everything that waits runs now; resolves once nothing is left. */
  flush(): Promise<void> {
    return this.backlog.flush();
  }

  /** A seat's turn to build and send its request; whatever becomes of it, the seat holds back no more of the phase's work. */
  async turn<T>(seat: PlayerId, work: (request: SeatRequest) => Promise<T>): Promise<T> {
    try {
      await this.backlog.turn(seat);
      return await work(this.request(seat));
    } finally {
      this.backlog.sent(seat);
    }
  }

  /** Work an answer brought: it waits for the next phase's requests, then runs when nothing else waits. */
  afterAnswer(work: () => unknown): void {
    this.backlog.afterAnswer(work);
  }

  /** A player's runtime writes its model-call rows through `answering`'s `afterAnswer` (once a runtime). */
  adopt(player: IAgentRuntime): void {
    deferModelLog(player);
  }

  /** Runs a decision so that the model-call rows it causes wait as an answer's work. */
  answering<T>(work: () => T): T {
    return withDeferredModelLog((row: HeldLogRow) => this.answerRows.batch().log(row), work);
  }

  private request(seat: PlayerId): SeatRequest {
    return {
      handedOut: () => outsideDecision(() => this.backlog.handedOut(seat)),
      send: (inProcess, call) => {
        // Once a call: a request sent later in its context (a retry) is not the seat's turn of another phase.
        let passed = false;
        const leaves = () => {
          if (passed) return;
          passed = true;
          this.backlog.passTurn(seat);
        };
        if (inProcess) leaves();
        return watchRequests(leaves, call);
      },
    };
  }
}

/** One batch of rows at a time, its flush scheduled when its first row comes: rows that come before that flush runs join it. */
class BatchSlot {
  private open: WriteBatch | null = null;

  constructor(
    private readonly warn: (line: string) => void,
    private readonly schedule: (flush: () => Promise<void>) => void,
  ) {}

  batch(): WriteBatch {
    if (this.open) return this.open;
    const batch = new WriteBatch(this.warn);
    this.open = batch;
    this.schedule(() => {
      if (this.open === batch) this.open = null;
      return batch.flush();
    });
    return batch;
  }

  /** The open batch, to be written now by the caller; its flush queued before then finds nothing left to write. */
  take(): WriteBatch | null {
    const batch = this.open;
    this.open = null;
    return batch;
  }
}
