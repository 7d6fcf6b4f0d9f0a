/** The lease by default: a dead host is taken over within about this long (plus the standby's start). */
export const DEFAULT_LEASE_MS = 8000;
export const MIN_LEASE_MS = 1000;
export const MAX_LEASE_MS = 600_000;

/** How a host shares its database with a standby (HOUSE_STANDBY, HOUSE_LEASE_MS). */
export type StandbySettings =
  | { on: false }
  | {
      on: true;
      url: string;
      leaseMs: number;
      /** The active host's heartbeat: four to a lease, so three can fail before it lapses. */
      renewMs: number;
      /** How often a standby looks at the lease. */
      pollMs: number;
    };

/**
 * HOUSE_STANDBY=true (with POSTGRES_URL): this host takes the House's lease
 * when it is free and otherwise waits for it to lapse. HOUSE_LEASE_MS is how
 * long a heartbeat holds it (1 s to 10 minutes). A value it cannot use is a
 * one-line error, never a quiet default.
 */
export function standbySettings(env: NodeJS.ProcessEnv): StandbySettings | { error: string } {
  const standby = (env.HOUSE_STANDBY ?? '').trim().toLowerCase();
  if (standby === '' || standby === 'false' || standby === '0') return { on: false };
  if (standby !== 'true' && standby !== '1') return { error: `HOUSE_STANDBY is '${standby.slice(0, 20)}': use true or false` };
  const url = env.POSTGRES_URL?.trim();
  if (!url) return { error: 'HOUSE_STANDBY=true needs POSTGRES_URL: the hosts share the House through its lease in PostgreSQL' };
  const given = env.HOUSE_LEASE_MS?.trim();
  const leaseMs = given ? Number(given) : DEFAULT_LEASE_MS;
  if (!Number.isInteger(leaseMs) || leaseMs < MIN_LEASE_MS || leaseMs > MAX_LEASE_MS) {
    return { error: `HOUSE_LEASE_MS is '${given!.slice(0, 20)}': give whole milliseconds from ${MIN_LEASE_MS} to ${MAX_LEASE_MS}` };
  }
  const renewMs = Math.round(leaseMs / 4);
  return { on: true, url, leaseMs, renewMs, pollMs: Math.min(1000, renewMs) };
}
