import { AsyncLocalStorage } from 'node:async_hooks';
import type { IAgentRuntime } from '@elizaos/core';
import { unwatched } from './requestLeaving.ts';

type Later = (work: () => unknown) => void;

/** Where the model-call rows of the decision running in this async context go; none outside a decision. */
const deferTo = new AsyncLocalStorage<Later>();
const wrapped = new WeakSet<object>();

/**
 * ElizaOS writes a row to its `logs` table for every `useModel` call (the
 * prompt twice, the answer) the moment the answer comes back. A phase's
 * answers come back together, so each answer waited for the writes of those
 * before it: 2-3 ms of in-process PGLite apiece. Within `withDeferredModelLog`
 * the runtime's row goes to `later` instead, unchanged; anywhere else it is
 * written at once, as ElizaOS does. Wraps the runtime's adapter once.
 */
export function deferModelLog(runtime: IAgentRuntime): void {
  // The runtime's own adapter (`this.adapter.log` in useModel); IAgentRuntime does not declare the field.
  const adapter = (runtime as unknown as { adapter?: { log?: (params: unknown) => Promise<void> } }).adapter;
  if (!adapter || typeof adapter.log !== 'function' || wrapped.has(adapter)) return;
  wrapped.add(adapter);
  const log = adapter.log.bind(adapter);
  adapter.log = (params) => {
    const later = deferTo.getStore();
    if (!later) return log(params);
    later(() => log(params));
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
