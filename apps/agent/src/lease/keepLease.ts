import type { HostLease } from './hostLease.ts';

/**
 * The active host's heartbeat: renews the lease every `renewMs` (one renew
 * at a time). `lost` is called once, with why, when the row is no longer
 * this host's epoch (a standby took it, say while this process was paused),
 * or when the database took no renew for a whole lease (a standby may hold
 * the House by then). Returns a stop for a host that stops cleanly.
 */
export function keepLease(lease: HostLease, renewMs: number, lost: (why: string) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // When the last renew the database took was sent: its expiry counts from then.
  let heldFrom = performance.now();
  const end = (why: string) => {
    if (stopped) return;
    stopped = true;
    lost(why);
  };
  const beat = async () => {
    const sent = performance.now();
    try {
      if (!(await lease.renew())) return end('another host took the lease');
      heldFrom = sent;
    } catch (error) {
      if (performance.now() - heldFrom >= lease.leaseMs) return end(`the database took no heartbeat for a whole lease (${lease.problem(error)})`);
    }
    if (!stopped) timer = setTimeout(() => void beat(), renewMs);
  };
  timer = setTimeout(() => void beat(), renewMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
