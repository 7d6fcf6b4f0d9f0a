import { AsyncLocalStorage } from 'node:async_hooks';
import type { IAgentRuntime } from '@elizaos/core';
import { decisionLogBody } from './decisionLogBody.ts';
import { unwatched } from './requestLeaving.ts';
import type { HeldLogRow } from './writeBatch.ts';

type Later = (row: HeldLogRow) => void;

/** Where the model-call rows of the decision running in this async context go; none outside a decision. */
const deferTo = new AsyncLocalStorage<Later>();
const wrapped = new WeakSet<object>();

/** What ElizaOS's useModel hands its adapter's `log`. */
interface LogParams {
  entityId: string;
  roomId: string;
  type: string;
  body: unknown;
}

/**
 * ElizaOS writes a row to its `logs` table for every `useModel` call (the
 * prompt twice, the answer) the moment the answer comes back. A phase's
 * answers come back together, so each answer waited for the writes of those
 * before it: 2-3 ms of in-process PGLite apiece. Within `withDeferredModelLog`
 * the runtime's row goes to `later` instead, its prompt cut to its start
 * (`decisionLogBody`), with how ElizaOS would write it (a batch writes it with
 * others); anywhere else it is written at once and whole, as ElizaOS does.
 * Wraps the runtime's adapter once.
 */
export function deferModelLog(runtime: IAgentRuntime): void {
  // The runtime's own adapter (`this.adapter.log` in useModel); IAgentRuntime does not declare the field.
  const adapter = (runtime as unknown as { adapter?: { log?: (params: LogParams) => Promise<void> } }).adapter;
  if (!adapter || typeof adapter.log !== 'function' || wrapped.has(adapter)) return;
  wrapped.add(adapter);
  const log = adapter.log.bind(adapter);
  adapter.log = (params) => {
    const later = deferTo.getStore();
    if (!later) return log(params);
    const row = { entityId: params.entityId, roomId: params.roomId, type: params.type, body: decisionLogBody(params.body) };
    later({ runtime, row, write: () => log(row) });
    return Promise.resolve();
  };
}

/** Runs `work` with the model-call rows it causes (in a runtime `deferModelLog` wrapped) handed to `later`. */
export function withDeferredModelLog<T>(later: Later, work: () => T): T {
  return deferTo.run(later, work);
}

/**
 * Runs `work` outside any decision's context: what it starts that outlives the
 * decision (the table backlog's runner, a timer) writes its own model-call
 * rows as ElizaOS does, rather than handing them to that decision's `later`,
 * and its requests are not taken for the decision's (`requestLeaving`).
 */
export function outsideDecision<T>(work: () => T): T {
  return deferTo.exit(() => unwatched(work));
}
