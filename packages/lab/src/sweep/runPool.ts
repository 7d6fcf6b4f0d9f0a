import type { RunReply, RunSpec } from './runSpec.ts';

interface Pending {
  spec: RunSpec;
  resolve: (reply: RunReply) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

/**
 * Worker threads that stay up and play baseline runs one at a time as they
 * are handed in, for a queue worker whose runs arrive one job at a time
 * (`runRuns` plays a list known up front). The threads are `runRuns`' own
 * (`runWorker.ts`, `playRunReply`), so a run gives the same result here. An
 * engine that fails on a run is the run's reply (`ok: false`: the run is
 * poisoned); a thread that dies rejects its run (the machine's fault, worth
 * another try) and is replaced.
 */
export class RunPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Pending[] = [];
  private closed = false;

  constructor(readonly threads: number) {
    if (!Number.isInteger(threads) || threads < 1 || threads > 256) throw new Error(`a run pool needs 1 to 256 threads, got ${threads}`);
    for (let i = 0; i < threads; i++) this.slots.push(this.spawn());
  }

  /** Plays one run on the next free thread: its reply, or a rejection when the thread died or the pool closed first. */
  play(spec: RunSpec): Promise<RunReply> {
    if (this.closed) return Promise.reject(new Error('the run pool is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ spec, resolve, reject });
      this.feed();
    });
  }

  /** Runs playing or waiting for a thread. */
  load(): number {
    return this.waiting.length + this.slots.filter((s) => s.busy).length;
  }

  close(): void {
    this.closed = true;
    for (const slot of this.slots) {
      slot.worker.terminate();
      slot.busy?.reject(new Error('the run pool is closed'));
      slot.busy = null;
    }
    for (const pending of this.waiting.splice(0)) pending.reject(new Error('the run pool is closed'));
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(new URL('./runWorker.ts', import.meta.url)), busy: null };
    slot.worker.onmessage = (e: MessageEvent<RunReply[]>) => {
      const job = slot.busy;
      slot.busy = null;
      const reply = e.data[0];
      if (reply) job?.resolve(reply);
      else job?.reject(new Error('the run thread sent no reply'));
      this.feed();
    };
    slot.worker.onerror = (e) => {
      const job = slot.busy;
      slot.busy = null;
      slot.worker.terminate();
      job?.reject(new Error(`the run thread died: ${e.message}`));
      if (this.closed) return;
      this.slots[this.slots.indexOf(slot)] = this.spawn();
      this.feed();
    };
    return slot;
  }

  private feed(): void {
    for (const slot of this.slots) {
      if (slot.busy || this.waiting.length === 0) continue;
      slot.busy = this.waiting.shift()!;
      slot.worker.postMessage([slot.busy.spec]);
    }
  }
}
