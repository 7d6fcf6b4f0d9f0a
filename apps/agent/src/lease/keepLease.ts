import type { HostLease } from './hostLease.ts';

/** What the heartbeat needs of the lease. */
type Renewable = Pick<HostLease, 'renew' | 'leaseMs' | 'problem'>;

/**
 * The active host's heartbeat: renews the lease every `renewMs`, one renew
 * at a time. `lost` is called once, with why, when the row is no longer this
 * host's epoch (a standby took it, say while this process was paused), or
 * when no renew was taken for a whole lease because the database refused or
 * did not answer (a standby may hold the House by then). A process that was
 * paused asks before it concludes: with no standby, it holds on. Returns a
 * stop for a host that stops cleanly, with `held()`: whether the database
 * took a renew less than a lease ago (a process just woken from a pause
 * longer than the lease cannot tell it still holds it, and must not write),
 * and `whenHeld()`: true at once when held, else at the next renew that
 * makes it so, false once the beat ends (the lease is lost, or the host stops).
 */
export function keepLease(lease: Renewable, renewMs: number, lost: (why: string) => void): (() => void) & { held(): boolean; whenHeld(): Promise<boolean> } {
  let stopped = false;
  let renewing = false;
  let problem = '';
  // When the last renew the database took was sent: its expiry counts from then.
  let heldFrom = performance.now();
  const waiting: Array<(held: boolean) => void> = [];
  const isHeld = () => !stopped && performance.now() - heldFrom < lease.leaseMs;
  const tell = (answer: boolean) => {
    for (const resolve of waiting.splice(0)) resolve(answer);
  };
  const end = (why: string) => {
    if (stopped) return;
    stop();
    lost(why);
  };
  const tick = () => {
    if (stopped) return;
    const unanswered = performance.now() - heldFrom >= lease.leaseMs;
    if (renewing) {
      if (unanswered) end('the database did not answer a heartbeat for a whole lease');
      return;
    }
    renewing = true;
    const sent = performance.now();
    lease.renew().then(
      (held) => {
        renewing = false;
        if (!held) return end('another host took the lease');
        heldFrom = sent;
        problem = '';
        if (waiting.length && isHeld()) tell(true);
      },
      (error: unknown) => {
        renewing = false;
        problem = lease.problem(error);
        if (performance.now() - heldFrom >= lease.leaseMs) end(`the database took no heartbeat for a whole lease (${problem})`);
      },
    );
  };
  const timer = setInterval(tick, renewMs);
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    tell(false);
  };
  return Object.assign(stop, { held: isHeld, whenHeld: () => (isHeld() ? Promise.resolve(true) : stopped ? Promise.resolve(false) : new Promise<boolean>((resolve) => waiting.push(resolve))) });
}
