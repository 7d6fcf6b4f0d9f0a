/**
 * Until `done()` holds, checked every `everyMs`; after `ms` the test fails with
 * what `state()` says. A condition that can never come true (a seat
 * substituted before its first turn, a match that ended early) then fails the
 * test with a reason instead of leaving it to hang until its time limit.
 */
export async function within(ms: number, done: () => boolean, state: () => string, everyMs = 20): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${state()}`);
    await Bun.sleep(everyMs);
  }
}
