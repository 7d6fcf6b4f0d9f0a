import { SQL } from 'bun';
import { redactIn } from '@the-house/lab/queue/queueUrl.ts';
import { boundedLine } from '@the-house/plugin-house/databaseErrorText.ts';

/** The lease row's table: one row per House on this database (`name`), in the schema plugin-sql's tables are in. */
export const LEASE_TABLE = 'house_lease';

/** The House's row: one active host per database, since agent ids derive from character names. */
export const LEASE_NAME = 'house';

/** Who holds the lease now, as the database says. */
export interface LeaseHolder {
  holder: string;
  epoch: number;
  /** Whether its heartbeat is still within the lease (by the database's clock). */
  live: boolean;
  /** Milliseconds until it lapses (0 once lapsed). */
  msLeft: number;
}

/**
 * The active host's lease: a row with its holder, an epoch and a heartbeat's
 * expiry. Taking it and renewing it are single statements on the database's
 * own clock (hosts' clocks never meet): a take succeeds only on a lapsed or
 * missing row and raises the epoch, a renew only while holder and epoch are
 * still this host's. Every save of match state names the epoch it was taken
 * with (fencedRowWriter.ts), so a host that lost the lease writes nothing.
 */
export class HostLease {
  /** The epoch this host holds, or null when it holds none. */
  epoch: number | null = null;

  constructor(
    readonly sql: SQL,
    readonly holder: string,
    readonly leaseMs: number,
    readonly name: string = LEASE_NAME,
    /** The database's URL, so a password an error quotes never reaches the log. */
    private readonly url = '',
  ) {}

  /** A database error as one line for the host log, its password redacted. */
  problem(error: unknown): string {
    const text = error instanceof Error ? error.message : String(error);
    return boundedLine(this.url ? redactIn(text, this.url) : text, 300);
  }

  /** The table, made once; hosts that start together take turns (a transaction-level advisory lock). */
  async prepare(): Promise<void> {
    await this.sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(hashtext(${LEASE_TABLE}))`;
      await tx.unsafe(`CREATE TABLE IF NOT EXISTS ${LEASE_TABLE} (
        name text PRIMARY KEY,
        holder text NOT NULL,
        epoch integer NOT NULL,
        expires_at timestamptz NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now()
      )`);
    });
  }

  /** Takes the lease when it is missing, lapsed or this host's own (a take answered too late): the new epoch, or null while another host's heartbeat is live. */
  async take(): Promise<number | null> {
    const rows = (await this.sql`
      INSERT INTO house_lease (name, holder, epoch, expires_at)
      VALUES (${this.name}, ${this.holder}, 1, now() + ${this.leaseMs}::int * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, epoch = house_lease.epoch + 1, expires_at = EXCLUDED.expires_at, taken_at = now()
      WHERE house_lease.expires_at < now() OR house_lease.holder = EXCLUDED.holder
      RETURNING epoch`) as Array<{ epoch: number }>;
    this.epoch = rows[0] ? Number(rows[0].epoch) : null;
    return this.epoch;
  }

  /** The heartbeat: pushes the expiry on while the row is still this host's epoch; false when it is not (the lease is lost). */
  async renew(): Promise<boolean> {
    if (this.epoch === null) return false;
    const rows = (await this.sql`
      UPDATE house_lease SET expires_at = now() + ${this.leaseMs}::int * interval '1 millisecond'
      WHERE name = ${this.name} AND holder = ${this.holder} AND epoch = ${this.epoch}
      RETURNING epoch`) as unknown[];
    return rows.length === 1;
  }

  /** Lets the lease lapse now (a host that stopped cleanly): a standby takes it at its next look. */
  async release(): Promise<void> {
    if (this.epoch === null) return;
    await this.sql`UPDATE house_lease SET expires_at = now() - interval '1 millisecond' WHERE name = ${this.name} AND holder = ${this.holder} AND epoch = ${this.epoch}`;
    this.epoch = null;
  }

  /** Who holds it now; null when no host ever took it. */
  async current(): Promise<LeaseHolder | null> {
    const rows = (await this.sql`
      SELECT holder, epoch, expires_at > now() AS live, greatest(0, extract(epoch FROM expires_at - now()) * 1000)::int AS ms_left
      FROM house_lease WHERE name = ${this.name}`) as Array<{ holder: string; epoch: number; live: boolean; ms_left: number }>;
    const row = rows[0];
    return row ? { holder: row.holder, epoch: Number(row.epoch), live: row.live, msLeft: Number(row.ms_left) } : null;
  }
}
