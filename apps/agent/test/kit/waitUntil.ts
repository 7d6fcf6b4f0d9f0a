/**
 * Resolves once `ready()` holds, checking every 50 ms; after `timeoutMs` fails
 * saying `what` (a function says what it saw then). A condition that can never
 * come true (a bot that never logs in, a seat substituted before its first
 * turn) fails the test with a reason instead of leaving it to its time limit.
 */
export async function waitUntil(ready: () => boolean | Promise<boolean>, what: string | (() => string), timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > until) throw new Error(`${typeof what === 'string' ? what : what()}: not within ${timeoutMs} ms`);
    await Bun.sleep(50);
  }
}
