import type { HostLease } from './hostLease.ts';

/** What the wait needs of the lease. */
type Takeable = Pick<HostLease, 'take' | 'current' | 'leaseMs' | 'problem'>;

/** A look at the lease the database has not answered within this long is given up, and the next look tried. */
const unanswered = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref());

/**
 * Waits, holding nothing, until this host takes the lease: at once when no
 * host holds it or its heartbeat lapsed, else at the first look (every
 * `pollMs`) after it lapses. Says once who holds it; a database that does not
 * answer (within a lease) is said once and looked at again; a take it
 * answered too late leaves the row this host's, which the next take takes
 * again. Resolves with the epoch taken.
 */
export async function standBy(lease: Takeable, pollMs: number, log: (line: string) => void): Promise<number> {
  let said = '';
  const say = (line: string) => {
    if (line !== said) log(line);
    said = line;
  };
  for (;;) {
    try {
      const epoch = await Promise.race([lease.take(), unanswered(lease.leaseMs)]);
      if (epoch !== null) return epoch;
      const now = await Promise.race([lease.current(), unanswered(lease.leaseMs)]);
      if (now?.live) say(`standing by: ${now.holder} is the active host (lease epoch ${now.epoch}); this host takes over when its lease lapses`);
    } catch (error) {
      say(`standing by: the database does not answer (${lease.problem(error)}); looking again`);
    }
    await Bun.sleep(pollMs);
  }
}
