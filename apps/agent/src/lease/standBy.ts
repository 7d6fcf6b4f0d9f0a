import type { HostLease } from './hostLease.ts';

/**
 * Waits, holding nothing, until this host takes the lease: at once when no
 * host holds it or its heartbeat lapsed, else at the first look (every
 * `pollMs`) after it lapses. Says once who holds it; a database that does not
 * answer is said once and looked at again. Resolves with the epoch taken.
 */
export async function standBy(lease: HostLease, pollMs: number, log: (line: string) => void): Promise<number> {
  let said = '';
  const say = (line: string) => {
    if (line !== said) log(line);
    said = line;
  };
  for (;;) {
    try {
      const epoch = await lease.take();
      if (epoch !== null) return epoch;
      const now = await lease.current();
      if (now?.live) say(`standing by: ${now.holder} is the active host (lease epoch ${now.epoch}); this host takes over when its lease lapses`);
    } catch (error) {
      say(`standing by: the database does not answer (${lease.problem(error)}); looking again`);
    }
    await Bun.sleep(pollMs);
  }
}
