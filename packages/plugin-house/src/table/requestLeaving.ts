import { AsyncLocalStorage } from 'node:async_hooks';

/** What to tell when a request made in this async context leaves the process; none outside a watched call. */
const watching = new AsyncLocalStorage<() => void>();

/**
 * Runs `work` so that a request it sends out of this process (a model call,
 * through whatever client and SDK) calls `leaves` as it goes (`requestLeaving`,
 * from the process's fetch). A table's seats build their requests in turn,
 * and the next seat starts once this one's request is on its way.
 */
export function watchRequests<T>(leaves: () => void, work: () => T): T {
  return watching.run(leaves, work);
}

/** A request is leaving this process: the watched call that sends it, if any, is told. The host's fetch calls it for every outside request. */
export function requestLeaving(): void {
  watching.getStore()?.();
}

/** Runs `work` outside any watched call: what it starts and outlives the call is not taken for that call's request. */
export function unwatched<T>(work: () => T): T {
  return watching.exit(work);
}
