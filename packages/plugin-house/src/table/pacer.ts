import type { IAgentRuntime } from '@elizaos/core';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import { deferModelLog, outsideDecision, withDeferredModelLog } from './deferredModelLog.ts';
import { type BacklogTimers, PhaseBacklog, realTimers } from './phaseBacklog.ts';
import { watchRequests } from './requestLeaving.ts';

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

  constructor(warn: (line: string) => void, timers: BacklogTimers = realTimers) {
    this.backlog = new PhaseBacklog(warn, timers);
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
    return withDeferredModelLog((row) => this.afterAnswer(row), work);
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
